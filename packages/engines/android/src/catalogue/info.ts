/** Informational items: permissions and package anomalies. */
import { items } from './define-item.ts';

export const INFO_ITEMS = items('info', [
  {
    name: 'dangerous_permissions',
    risk: 'low',
    cwe: ['CWE-250'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['申请危险权限', 'Dangerous permissions requested', '申請危險權限', '危険な権限を要求'],
    purpose: ['列出应用申请的危险（运行时）权限，供最小权限与隐私合规审查。', 'Lists the dangerous (runtime) permissions the app requests, for least-privilege and privacy review.'],
    description: [
      '危险权限可访问位置、通讯录、短信、相机、麦克风、存储等用户隐私数据，超出业务需要的权限会扩大被滥用的影响并带来合规风险。',
      'Dangerous permissions reach location, contacts, SMS, camera, microphone, storage and other private data; more than the features need widens abuse and raises compliance risk.',
    ],
    testingSteps: ['读取 uses-permission 元素，与 Android 平台的危险权限列表比对。', 'Read uses-permission elements and compare them with the platform\'s dangerous permissions.'],
    solution: ['移除不必要的权限，在使用时动态申请并说明用途。', 'Remove permissions the app does not need and request the rest at the point of use with an explanation.'],
  },
  {
    name: 'archive_anomalies',
    risk: 'medium',
    cwe: ['CWE-434'],
    owasp: ['MASVS-RESILIENCE-2'],
    title: ['安装包结构异常', 'Package structure anomalies', '安裝套件結構異常', 'パッケージ構造の異常'],
    purpose: ['检测 ZIP 结构与 AXML 中的异常，它们常被用于对抗分析工具或隐藏内容。', 'Finds ZIP and binary XML anomalies often used to break analysis tools or hide content.'],
    description: [
      '重复的条目名、伪造的加密标志、本地与中心目录名称不一致、非法路径、畸形的二进制 XML 等异常会使分析工具与系统看到不同的内容，常见于恶意软件与对抗分析的安装包。',
      'Duplicate entry names, fake encryption flags, local and central names that differ, unsafe paths and malformed binary XML make tools and the system see different content; they are common in malware and anti-analysis packages.',
    ],
    testingSteps: ['读取 ZIP 中心目录与本地文件头并比对，记录 AXML 解析时被容忍的异常。', 'Compare the ZIP central directory with the local headers and record the anomalies tolerated while reading binary XML.'],
    solution: ['使用官方工具链构建与签名，排查构建流程中引入的异常处理步骤。', 'Build and sign with the official toolchain and review any step that alters the package.'],
  },
]);
