/**
 * The mini-program engine: WeChat .wxapkg packages (plain or PC-encrypted,
 * main package and sub-packages together) as platform miniprogram, and
 * Alipay .amr / zip / tar packages as alipay_miniprogram. It unpacks the
 * input once into the logical project (project/), tokenises each script
 * once (shared facts), runs the check groups and returns the Assessment.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, requestedPlatform, startAssessment } from '@citadel/engine-core';
import { MINIPROGRAM_CATALOGUE } from './catalogue/index.ts';
import { codeChecks } from './checks/code.ts';
import { CheckContext } from './checks/context.ts';
import { appTarget, infoChecks } from './checks/info.ts';
import { networkChecks } from './checks/network.ts';
import { privacyChecks } from './checks/privacy.ts';
import { secretChecks } from './checks/secrets.ts';
import type { MiniPlatform } from './project/model.ts';
import { detectInput, openProject } from './project/open-project.ts';

export const ENGINE_VERSION = '0.1.0';
const MINI_PLATFORMS: readonly MiniPlatform[] = ['miniprogram', 'alipay_miniprogram'];

export class MiniProgramEngine implements Engine {
  readonly name = 'miniprogram';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = MINI_PLATFORMS;
  readonly catalogue = MINIPROGRAM_CATALOGUE;

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      const kind = detectInput(fileName, head);
      return kind === undefined ? undefined : kind === 'wxapkg' ? 'miniprogram' : 'alipay_miniprogram';
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    ctx.signal?.throwIfAborted();
    const requested = requestedPlatform(options, MINI_PLATFORMS);
    if (options.platform && !requested) throw new EngineInputError('unsupported_format', `the mini-program engine does not assess ${options.platform}`);
    const project = await openProject(input.files, { ...(requested ? { platform: requested } : {}), appId: options.params?.appid, signal: ctx.signal });
    const builder = startAssessment(this, project.platform, options, ctx);
    const c = new CheckContext(project, builder, this.catalogue);
    builder.setPhase('secrets');
    const appIds = await secretChecks(c);
    builder.setPhase('network');
    await networkChecks(c);
    builder.setPhase('privacy');
    await privacyChecks(c);
    builder.setPhase('code');
    await codeChecks(c);
    await infoChecks(c);
    Object.assign(builder.target, appTarget(project, appIds));
    for (const u of project.unreadable) builder.unreadable(u.file, u.reason);
    return builder.build();
  }
}

export type { MiniPlatform };
export const engine = new MiniProgramEngine();
