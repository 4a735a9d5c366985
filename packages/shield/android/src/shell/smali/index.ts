/** The fixed smali sources of the stub, by file name; Config.smali is generated per app (../config.ts). */
import guard from './Guard.smali.ts';
import loader from './Loader.smali.ts';
import payload from './Payload.smali.ts';
import shellApp from './ShellApp.smali.ts';

export const STUB_SOURCES: Record<string, string> = { 'ShellApp.smali': shellApp, 'Guard.smali': guard, 'Loader.smali': loader, 'Payload.smali': payload };
