/**
 * Protections the app has: jailbreak, debugger and hooking detection. Found →
 * result safe; not found in a fully readable binary → a low-risk fail.
 */
import { iosItems } from './define-item.ts';

export const RESILIENCE_ITEMS = iosItems('resilience', [
  {
    name: 'jailbreak_detection',
    risk: 'low',
    cwe: ['CWE-919'],
    owasp: ['MASVS-RESILIENCE-1'],
    title: ['越狱环境检测', 'Jailbreak detection', '越獄環境偵測', '脱獄検出'],
    purpose: ['检测应用是否识别越狱设备。', 'Checks whether the app recognises jailbroken devices.'],
    description: [
      '越狱设备上应用沙箱与代码签名不再可靠，其他进程可读取应用数据、注入动态库与挂钩函数。检测到 /Applications/Cydia.app、/bin/bash、/usr/sbin/sshd、/etc/apt、/var/jb 等越狱文件路径、cydia:// 等 Scheme、fork() 沙箱检测或越狱检测库时记为安全项；未检测到时提示缺少该防护。',
      'On a jailbroken device the sandbox and code signing no longer hold: other processes can read the app\'s data, inject libraries and hook functions. File checks for /Applications/Cydia.app, /bin/bash, /usr/sbin/sshd, /etc/apt, /var/jb and similar, cydia:// style schemes, fork() sandbox checks or jailbreak detection libraries count as a protection; none found is reported as missing.',
    ],
    testingSteps: ['在二进制字符串中查找越狱文件路径与 Scheme，在导入符号中查找 fork，在类名中查找越狱检测库。', 'Look for jailbreak file paths and schemes in the binary strings, fork among the imports, and jailbreak detection libraries among the class names.'],
    solution: ['在敏感业务中组合多种越狱检测手段，并结合服务端风控与 App Attest 校验。', 'Combine several jailbreak checks for sensitive features and back them with server-side risk control and App Attest.'],
  },
  {
    name: 'debugger_detection',
    risk: 'low',
    cwe: ['CWE-693'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['反调试检测', 'Debugger detection', '反除錯偵測', 'デバッガー検出'],
    purpose: ['检测应用是否阻止或识别调试器。', 'Checks whether the app blocks or recognises debuggers.'],
    description: [
      '调试器可以单步执行、读取内存、修改判断逻辑。调用 ptrace(PT_DENY_ATTACH)（直接导入、通过 dlsym 按名解析，或以 svc #0x80 内联系统调用 26）、通过 sysctl(KERN_PROC) 检查 P_TRACED 标志时记为安全项。',
      'A debugger can step through code, read memory and change decisions. ptrace(PT_DENY_ATTACH) — imported, resolved by name through dlsym, or issued inline as syscall 26 with svc #0x80 — and sysctl(KERN_PROC) checks of the P_TRACED flag count as a protection.',
    ],
    testingSteps: ['在导入符号中查找 ptrace、sysctl，在字符串中查找 "ptrace"，在 arm64 代码中查找 x16/w16=26 之后的 svc #0x80 指令。', 'Look for ptrace and sysctl among the imports, the string "ptrace", and svc #0x80 preceded by x16/w16 = 26 in arm64 code.'],
    solution: ['在启动与关键流程中加入多种反调试手段并对检测结果做出响应（退出、降级或上报）。', 'Add several anti-debugging checks at launch and in critical flows and respond to them (exit, degrade or report).'],
  },
  {
    name: 'hook_detection',
    risk: 'low',
    cwe: ['CWE-693'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['注入与挂钩框架检测', 'Injection and hooking framework detection', '注入與掛鉤框架偵測', 'インジェクション・フック検出'],
    purpose: ['检测应用是否识别 Frida、Cycript、Substrate 等动态插桩框架。', 'Checks whether the app recognises dynamic instrumentation such as Frida, Cycript and Substrate.'],
    description: [
      'Frida、Cycript、Cydia Substrate 与 SSL Kill Switch 等工具通过注入动态库挂钩函数，可绕过证书校验、越狱检测与业务逻辑。检测到 FridaGadget、frida-server、27042 端口、libcycript、MobileSubstrate 等特征字符串或 _dyld_get_image_name 遍历加载库时记为安全项。',
      'Frida, Cycript, Cydia Substrate and SSL Kill Switch inject libraries and hook functions to bypass certificate checks, jailbreak detection and business logic. Strings such as FridaGadget, frida-server, port 27042, libcycript and MobileSubstrate, or walking the loaded images with _dyld_get_image_name, count as a protection.',
    ],
    testingSteps: ['在二进制字符串中查找插桩框架特征，在导入符号中查找 _dyld_get_image_name / _dyld_image_count。', 'Look for instrumentation traits in the binary strings and for _dyld_get_image_name / _dyld_image_count among the imports.'],
    solution: ['检测已加载的可疑动态库与 Frida 端口，并对关键函数做完整性校验。', 'Check loaded images for suspicious libraries and the Frida port, and verify the integrity of critical functions.'],
  },
]);
