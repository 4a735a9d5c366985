/**
 * Packer (hardening) signatures as data: native library names, other entry
 * names and stub Application/Activity classes, from public packer
 * descriptions (e.g. APKiD's rules). One signature is enough: these names
 * are specific to the packer. Generic names (libmain.so) and SDKs that are
 * not packers (Alibaba Security Guard's libsgmain.so) are left out on purpose.
 */
export interface PackerSignature {
  name: string;
  /** Base names of native libraries (regular expressions on the file name). */
  libraries?: readonly RegExp[];
  /** Other entry paths (assets, dex names). */
  entries?: readonly RegExp[];
  /** Stub application or entry classes in the manifest or DEX (dotted). */
  classes?: readonly string[];
}

export const PACKER_SIGNATURES: readonly PackerSignature[] = [
  { name: '360 加固 (Jiagu 360)', libraries: [/^libjiagu(?:_\w+)?\.so$/, /^libprotectClass\.so$/], entries: [/^assets\/libjiagu\w*\.so$/, /^assets\/monster\.dex$/], classes: ['com.stub.StubApp'] },
  { name: '梆梆加固 (Bangcle / SecNeo)', libraries: [/^libsecexe\.so$/, /^libsecmain\.so$/, /^libSecShell\.so$/, /^libDexHelper(?:-x86)?\.so$/], entries: [/^assets\/secData0\.jar$/, /^assets\/classes0\.jar$/], classes: ['com.secneo.apkwrapper.ApplicationWrapper', 'com.secneo.guard.ApplicationWrapper', 'com.secshell.secData.ApplicationWrapper'] },
  { name: '爱加密 (Ijiami)', libraries: [/^libexec\.so$/, /^libexecmain\.so$/], entries: [/^assets\/ijiami\.(?:dat|ajm)$/], classes: ['com.shell.SuperApplication', 's.h.e.l.l.S', 'com.ijiami.residconfusion.ConfusionApplication'] },
  { name: '腾讯乐固 (Tencent Legu)', libraries: [/^libshell[ax](?:-[\d.]+)?\.so$/, /^libtup\.so$/], entries: [/^assets\/0OO00l111l1l$/, /(?:^|\/)mixz?\.dex$/], classes: ['com.tencent.StubShell.TxAppEntry', 'com.tencent.StubShell.TxApplication'] },
  { name: '腾讯御安全 (Tencent Yu Anquan)', libraries: [/^libtosprotection\.[\w-]+\.so$/] },
  { name: '百度加固 (Baidu)', libraries: [/^libbaiduprotect(?:_x86)?\.so$/], entries: [/^assets\/baiduprotect\d*\.jar$/], classes: ['com.baidu.protect.StubApplication'] },
  { name: '阿里聚安全 (Alibaba)', libraries: [/^libmobisec\w*\.so$/, /^libdemolish(?:data)?\.so$/], entries: [/^assets\/aliprotect\.dat$/, /^assets\/libmobisec\w*\.(?:so|zip)$/], classes: ['com.ali.mobisecenhance.StubApplication', 'com.alibaba.wireless.security.open.SecurityGuardManager$Stub'] },
  { name: '网易易盾 (NetEase Yidun)', libraries: [/^libnesec\.so$/], classes: ['com.netease.nis.wrapper.MyApplication'] },
  { name: '通付盾 (Payegis)', libraries: [/^libegis\.so$/, /^libNSaferOnly\.so$/], classes: ['com.payegis.ProxyApplication'] },
  { name: '娜迦 (Nagain)', libraries: [/^lib[def]dog\.so$/, /^libchaosvmp\.so$/], classes: ['com.edog.AppWrapper', 'com.chaozhuo.apkwrapper.ApplicationWrapper'] },
  { name: '几维安全 (Kiwisec)', libraries: [/^libkwscmm\.so$/, /^libkwscr\.so$/, /^libkwslinker\.so$/] },
  { name: '顶象 (Dingxiang)', libraries: [/^libx3g\.so$/] },
  { name: '网秦 (NQ Shield)', libraries: [/^libnqshield\.so$/] },
  { name: '瑞星 (Rising)', libraries: [/^librsprotect\.so$/] },
  { name: '盛大 (Shanda)', libraries: [/^libapssec\.so$/] },
  { name: 'APKProtect', libraries: [/^libAPKProtect\.so$/] },
  { name: 'DexProtector', libraries: [/^libdexprotector[\w.]*\.so$/], entries: [/^assets\/dp\.(?:arm(?:-v7|-v8)?|x86(?:_64)?)\.so\.dat$/, /^assets\/dp\.mp3$/] },
  { name: 'DxShield', libraries: [/^libdxbase\.so$/], entries: [/^assets\/DXINFO\.XML$/] },
  { name: 'LIAPP', entries: [/(?:^|\/)LIAPPEgg(?:\.dex)?$/] },
  { name: 'AppSealing', libraries: [/^libcovault(?:-appsec)?\.so$/] },
  // Citadel's own DEX shell (packages/shield/android/src/shell): its stub Application and encrypted payload.
  { name: 'Citadel 加固 (Citadel shield)', entries: [/^assets\/citadel\/payload\.bin$/], classes: ['com.citadel.shell.ShellApp'] },
];
