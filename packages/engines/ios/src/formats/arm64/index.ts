export { decode, type Insn } from './decode.ts';
export { DEFAULT_MAX_FUNCTION_INSTRUCTIONS, walkFunction, type CallFact, type FunctionFacts, type RegValue, type WalkEnv } from './walk.ts';
export { ImageCode, type Callee } from './image-code.ts';
