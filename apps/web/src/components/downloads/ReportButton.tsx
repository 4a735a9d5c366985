/** The result page's "download report" button: shown for finished tasks, opens the report dialog. */
import { useState } from 'react';
import { Button } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from './ReportDialog.tsx';

export function ReportButton({ task }: { task: { task_uid: string; platform: string; status: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (task.status !== 'FINISHED') return null;
  return (
    <>
      <Button size="small" type="primary" icon={<FileTextOutlined />} onClick={() => setOpen(true)} data-testid="report-download-button">
        {t('report.download')}
      </Button>
      <ReportDialog open={open} task={task} onClose={() => setOpen(false)} />
    </>
  );
}
