/**
 * Report download dialog (SPEC §2, §5): 600px wide; ranges ALL / MAIN / SDK
 * (MAIN and SDK only for Android), formats WORD / PDF / EXCEL (no EXCEL for
 * Source and Web), defaults ALL and WORD, at least one range
 * ("请至少选择一个数据范围"); only finished tasks. The report template and
 * language start as the task's assessment template chose them (SPEC §3, from
 * POST /report/options). Submitting queues the jobs and opens the download panel.
 */
import { useEffect, useState } from 'react';
import { Checkbox, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ReportFormat, type ReportOptions, type ReportRange, type ReportTemplate, reportOptions, requestReport } from '../../api/downloads.ts';
import { currentLang } from '../../locales/i18n.ts';
import { feedback } from '../../app/feedback.ts';
import { announceDownload, refreshDownloads } from './downloads-store.ts';
import { templateName } from '../builtin-names.ts';

/** What a platform offers (the same rule the server enforces). */
export const rangesFor = (platform: string): ReportRange[] => (platform === 'android' ? ['ALL', 'MAIN', 'SDK'] : ['ALL']);
export const formatsFor = (platform: string): ReportFormat[] => (platform === 'source' || platform === 'web' ? ['WORD', 'PDF'] : ['WORD', 'PDF', 'EXCEL']);
const REPORT_LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja'] as const;
const REPORT_TEMPLATES: ReportTemplate[] = ['standard', 'brief', 'compliance'];

export function ReportDialog({ open, task, onClose }: { open: boolean; task: { task_uid: string; platform: string; status: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [ranges, setRanges] = useState<ReportRange[]>(['ALL']);
  const [format, setFormat] = useState<ReportFormat>('WORD');
  const [language, setLanguage] = useState<string>(currentLang() === 'en' ? 'en' : 'zh-CN');
  const [template, setTemplate] = useState<ReportTemplate>('standard');
  const [offer, setOffer] = useState<ReportOptions | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRanges(['ALL']);
    setFormat('WORD');
    setError('');
    setOffer(null);
    if (task.status !== 'FINISHED') return;
    let live = true;
    reportOptions(task.task_uid)
      .then((o) => {
        if (!live) return;
        setOffer(o);
        setLanguage(o.report_language);
        setTemplate(o.report_template);
      })
      // Without the offer the dialog keeps the UI language and the standard layout; the request still works.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, task.task_uid, task.status]);

  const submit = async () => {
    if (ranges.length === 0) {
      setError(t('report.pickRange'));
      return;
    }
    if (task.status !== 'FINISHED') {
      feedback.error(t('report.notFinished'));
      return;
    }
    setBusy(true);
    try {
      await requestReport({ task_uid: task.task_uid, sdk_filter: ranges, report_type: format, type: language, report_template: template });
      feedback.success(t('common.operationSuccess'));
      onClose();
      announceDownload();
      await refreshDownloads();
    } finally {
      setBusy(false);
    }
  };

  const origin = offer && (offer.source === 'template' ? t('report.fromTemplate', { name: templateName(offer.template_name) }) : t('report.fromSettings'));
  return (
    <Modal open={open} width={600} title={t('report.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'report-submit' } as never} data-testid="report-dialog">
      <Form layout="vertical">
        <Form.Item label={t('report.range')} required validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Checkbox.Group
            value={ranges}
            onChange={(v) => {
              setRanges(v as ReportRange[]);
              setError(v.length ? '' : t('report.pickRange'));
            }}
            options={rangesFor(task.platform).map((r) => ({ value: r, label: <span data-testid={`report-range-${r}`}>{t(`report.ranges.${r}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item label={t('report.format')} required>
          <Radio.Group value={format} onChange={(e) => setFormat(e.target.value as ReportFormat)}>
            {formatsFor(task.platform).map((f) => (
              <Radio key={f} value={f} data-testid={`report-format-${f}`}>
                {f}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('report.template')} extra={origin ? <Typography.Text type="secondary" data-testid="report-defaults-origin">{origin}</Typography.Text> : undefined}>
          <Select value={template} onChange={setTemplate} style={{ width: 200 }} data-testid="report-template" options={REPORT_TEMPLATES.map((r) => ({ value: r, label: t(`report.templates.${r}`) }))} />
        </Form.Item>
        <Form.Item label={t('report.language')}>
          <Select value={language} onChange={setLanguage} style={{ width: 200 }} data-testid="report-language" options={REPORT_LANGUAGES.map((l) => ({ value: l, label: t(`report.languages.${l}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
