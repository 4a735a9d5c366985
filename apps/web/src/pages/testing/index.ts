/** Testing-management screens (issue 10): whitelists, sensitive words, the third-party SDK library and evaluation settings. */
export { WhitelistPage } from './WhitelistPage.tsx';
export { SensitiveWordsPage } from './SensitiveWordsPage.tsx';
export { ThirdSdkPage } from './ThirdSdkPage.tsx';
export { RuleSettingsPage } from './RuleSettingsPage.tsx';
