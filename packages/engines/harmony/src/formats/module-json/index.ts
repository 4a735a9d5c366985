/**
 * Stage-model module.json reader (HarmonyOS NEXT / OpenHarmony): typed, size-
 * and depth-limited; wrong shapes are listed in `issues`, never thrown.
 */
export { readModuleJson, type StageModuleJson, type StageAppInfo, type StageModuleInfo, type StageAbility, type StageExtensionAbility } from './module-json.ts';
export { readSkills, readPermissionRequests, type Skill, type SkillUri, type PermissionRequest } from './skills.ts';
