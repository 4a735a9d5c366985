/**
 * Overview dashboard and statistics (issue 11): the homepage figures, the
 * statistics per period with the top-10 apps and their Excel export, the
 * workbench's reports list and real-device list — all for the caller's scope
 * (admin: everything; others: their customer on the platforms they may view).
 * The figures come from summary tables kept by database triggers (migration 007).
 */
import type { AnalysisAnswer, AnalysisRequest, DeviceRow, HomepageAnswer, TaskRow } from '@citadel/contracts';
import type { Database } from '../../db/database.ts';
import type { Identity } from '../auth/auth-service.ts';
import { analysis } from './analysis.ts';
import { listDevices } from './devices.ts';
import { analysisWorkbook } from './excel.ts';
import { homepage } from './homepage.ts';
import { myFinishedTasks } from './reports.ts';
import { viewScope } from './scope.ts';

export { viewScope, type ViewScope } from './scope.ts';
export { workOrderCounts } from './homepage.ts';

export class DashboardService {
  constructor(private readonly database: Database) {}

  homepage(who: Identity): Promise<HomepageAnswer> {
    return homepage(this.database.db, viewScope(who));
  }

  analysis(who: Identity, req: AnalysisRequest): Promise<AnalysisAnswer> {
    return analysis(this.database.db, this.database.dialect, viewScope(who), req);
  }

  async analysisExcel(who: Identity, req: AnalysisRequest, lang: 'zh' | 'en'): Promise<Buffer> {
    return analysisWorkbook(await this.analysis(who, req), lang);
  }

  myReports(who: Identity, page: number, pageSize: number, keyword?: string): Promise<{ total: number; list: TaskRow[] }> {
    return myFinishedTasks(this.database.db, who.user.id, page, pageSize, keyword);
  }

  devices(who: Identity): Promise<DeviceRow[]> {
    return listDevices(this.database.db, viewScope(who));
  }
}
