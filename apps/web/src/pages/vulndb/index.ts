/** System → 漏洞库: the vulnerability data screen (issue 22). */
export { VulnDataPage } from './VulnDataPage.tsx';
