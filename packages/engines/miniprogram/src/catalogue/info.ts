/** Package-level findings. */
import { items } from './define-item.ts';

export const INFO_ITEMS = items('info', [
  {
    name: 'package_anomalies',
    risk: 'low',
    cwe: ['CWE-22'],
    owasp: ['M8:2024'],
    title: ['代码包结构异常', 'Package structure anomalies', '程式碼包結構異常', 'パッケージ構造の異常'],
    purpose: ['列出代码包中不安全的文件名（含 ..、绝对路径、控制字符）、重复文件名、链接与多余数据。', 'Lists unsafe entry names (.., absolute paths, control characters), duplicate names, links and trailing data in the packages.'],
    description: ['正常打包工具不会产生这些结构；它们可能用于在解包时写出目标目录（路径穿越）或对不同工具呈现不同内容。', 'Normal packers never write these; they can be used to write outside the extraction folder (path traversal) or show different content to different tools.'],
    testingSteps: ['解析包索引时检查每个文件名、偏移与大小，记录异常。', 'Check every entry name, offset and size while reading the package index, and record oddities.'],
    solution: ['使用官方工具重新打包，排查构建环境是否被篡改。', 'Repack with the official tools and check the build environment for tampering.'],
  },
]);
