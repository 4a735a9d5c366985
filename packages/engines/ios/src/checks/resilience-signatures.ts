/**
 * What jailbreak, debugger and hooking detection leave in a binary, as data:
 * string fragments (file paths, URL schemes, tool names) and imports. A
 * string matches when it contains the fragment; fragments are chosen to be
 * specific enough that ordinary apps do not carry them.
 */

export interface StringSignature {
  fragment: string;
  what: string;
  /** The whole string must equal the fragment (for short names such as "ptrace"). */
  exact?: boolean;
}

export const JAILBREAK_STRINGS: readonly StringSignature[] = [
  { fragment: '/Applications/Cydia.app', what: 'Cydia app path' },
  { fragment: '/Applications/Sileo.app', what: 'Sileo app path' },
  { fragment: '/Applications/Zebra.app', what: 'Zebra app path' },
  { fragment: '/Applications/blackra1n.app', what: 'blackra1n app path' },
  { fragment: '/Applications/FakeCarrier.app', what: 'FakeCarrier app path' },
  { fragment: '/Applications/Icy.app', what: 'Icy app path' },
  { fragment: '/Applications/IntelliScreen.app', what: 'IntelliScreen app path' },
  { fragment: '/Applications/SBSettings.app', what: 'SBSettings app path' },
  { fragment: '/Library/MobileSubstrate/MobileSubstrate.dylib', what: 'MobileSubstrate path' },
  { fragment: '/Library/MobileSubstrate/DynamicLibraries', what: 'tweak folder' },
  { fragment: '/bin/bash', what: 'shell binary path' },
  { fragment: '/usr/sbin/sshd', what: 'SSH daemon path' },
  { fragment: '/usr/bin/sshd', what: 'SSH daemon path' },
  { fragment: '/usr/libexec/sftp-server', what: 'SFTP server path' },
  { fragment: '/etc/apt', what: 'APT folder' },
  { fragment: '/private/var/lib/apt', what: 'APT state folder' },
  { fragment: '/private/var/lib/cydia', what: 'Cydia state folder' },
  { fragment: '/private/var/stash', what: 'stash folder' },
  { fragment: '/private/var/jb', what: 'rootless jailbreak folder' },
  { fragment: '/var/jb/', what: 'rootless jailbreak folder' },
  { fragment: '/var/binpack', what: 'palera1n binpack' },
  { fragment: '/private/jailbreak.txt', what: 'sandbox write test file' },
  { fragment: '/.bootstrapped', what: 'bootstrap marker' },
  { fragment: '/.installed_unc0ver', what: 'unc0ver marker' },
  { fragment: '/usr/lib/libsubstitute', what: 'Substitute library' },
  { fragment: '/usr/lib/TweakInject', what: 'TweakInject folder' },
  { fragment: 'cydia://', what: 'Cydia URL scheme' },
  { fragment: 'sileo://', what: 'Sileo URL scheme' },
  { fragment: 'zbra://', what: 'Zebra URL scheme' },
  { fragment: 'undecimus://', what: 'unc0ver URL scheme' },
  { fragment: 'filza://', what: 'Filza URL scheme' },
];

export const HOOK_STRINGS: readonly StringSignature[] = [
  { fragment: 'FridaGadget', what: 'Frida gadget library' },
  { fragment: 'frida-server', what: 'Frida server' },
  { fragment: 'frida-agent', what: 'Frida agent' },
  { fragment: 're.frida.server', what: 'Frida server bundle' },
  { fragment: 'libcycript', what: 'Cycript library' },
  { fragment: 'cynject', what: 'Cycript injector' },
  { fragment: 'SubstrateLoader', what: 'Substrate loader' },
  { fragment: 'SubstrateInserter', what: 'Substrate inserter' },
  { fragment: 'SSLKillSwitch', what: 'SSL Kill Switch tweak' },
  { fragment: 'libhooker', what: 'libhooker' },
  { fragment: 'MobileSubstrate', what: 'Cydia Substrate' },
];

/** Debugger detection by name: dlsym(RTLD_DEFAULT, "ptrace") hides the import but keeps the string. */
export const DEBUGGER_STRINGS: readonly StringSignature[] = [
  { fragment: 'ptrace', what: 'ptrace looked up by name', exact: true },
  { fragment: 'PT_DENY_ATTACH', what: 'PT_DENY_ATTACH' },
  { fragment: 'P_TRACED', what: 'P_TRACED flag check' },
];

/** A fork() that succeeds means the sandbox is broken: the classic jailbreak test (apps have no other use for it). */
export const JAILBREAK_IMPORTS: readonly string[] = ['_fork', '_vfork'];
/** Walking the loaded images to spot injected libraries. */
export const HOOK_IMPORTS: readonly string[] = ['_dyld_get_image_name', '__dyld_get_image_name'];
/** Class-name prefixes of jailbreak-detection libraries (IOSSecuritySuite, DTTJailbreakDetection …). */
export const JAILBREAK_CLASSES: readonly string[] = ['IOSSecuritySuite.', 'DTTJailbreakDetection', 'JailbreakDetection', 'JailBrokenDetect'];
