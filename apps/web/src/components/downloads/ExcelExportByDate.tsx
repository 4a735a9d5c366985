/**
 * The EXCEL export of finished assessments by date (POST /report/cp_gen_excel),
 * on Tools → analysis reports. SPEC §5: a date must be chosen for a download —
 * without one the export is refused here with "请选择日期" (and by the server
 * with date_required). Days are the user's days (the browser's UTC offset is sent).
 */
import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { EVALUATIONS } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { exportExcelByDate } from '../../api/downloads.ts';
import { feedback } from '../../app/feedback.ts';
import { currentLang } from '../../locales/i18n.ts';

const REPORT_LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ja'] as const;

export function ExcelExportByDate() {
  const { t } = useTranslation();
  const lang = currentLang();
  const [days, setDays] = useState<[string, string] | null>(null);
  const [platform, setPlatform] = useState<string | undefined>();
  const [language, setLanguage] = useState<string>(lang === 'en' ? 'en' : 'zh-CN');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!days || !days[0]) {
      setError(t('report.dateRequired'));
      return;
    }
    setBusy(true);
    try {
      await exportExcelByDate({ start_date: days[0], end_date: days[1] || days[0], utc_offset_minutes: -new Date().getTimezoneOffset(), ...(platform ? { platform } : {}), type: language });
      feedback.success(t('common.operationSuccess'));
    } catch (err) {
      feedback.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="excel-export">
      <Typography.Title level={5}>{t('report.excelExport')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('report.excelExportNote')}</Typography.Paragraph>
      <Form layout="inline">
        <Form.Item label={t('report.period')} required validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <span data-testid="excel-export-dates">
            <DatePicker.RangePicker
              onChange={(_, strings) => {
                const picked = strings[0] ? ([strings[0], strings[1]] as [string, string]) : null;
                setDays(picked);
                setError(picked ? '' : t('report.dateRequired'));
              }}
            />
          </span>
        </Form.Item>
        <Form.Item label={t('report.platform')}>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('report.allPlatforms')}
            value={platform}
            onChange={setPlatform}
            data-testid="excel-export-platform"
            options={EVALUATIONS.map((e) => ({ value: e.platform, label: e.title[lang === 'en' ? 'en' : 'zh'] }))}
          />
        </Form.Item>
        <Form.Item label={t('report.language')}>
          <Select value={language} onChange={setLanguage} style={{ width: 140 }} options={REPORT_LANGUAGES.map((l) => ({ value: l, label: t(`report.languages.${l}`) }))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" icon={<FileExcelOutlined />} loading={busy} onClick={() => void submit()} data-testid="excel-export-submit">
              {t('report.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
