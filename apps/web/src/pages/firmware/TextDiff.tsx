/** Compare's text diff of one changed file: unified lines from the server (POST /f/file_diff), removed in red, added in green. */
import { useEffect, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffFile } from './files-api.ts';

const COLORS: Record<string, string | undefined> = { '-': 'rgba(255, 77, 79, 0.15)', '+': 'rgba(82, 196, 26, 0.15)' };

export function TextDiff({ taskA, taskB, path }: { taskA: string; taskB: string; path: string }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ lines?: string[]; note?: string }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    diffFile(taskA, taskB, path)
      .then((a) => live && setAnswer(a))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [taskA, taskB, path]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!answer) return <Spin size="small" />;
  if (!answer.lines) return <Typography.Text type="secondary">{t(answer.note === 'too_long' ? 'firmware.diff.tooLong' : 'firmware.diff.notText')}</Typography.Text>;
  if (answer.lines.length === 0) return <Typography.Text type="secondary">{t('firmware.diff.same')}</Typography.Text>;
  return (
    <div data-testid="compare-diff" style={{ maxHeight: 400, overflow: 'auto', fontFamily: 'monospace', fontSize: 12, lineHeight: '18px' }}>
      {answer.lines.map((l, i) => (
        <div key={i} style={{ whiteSpace: 'pre', background: COLORS[l[0] ?? ''] }}>
          {l || ' '}
        </div>
      ))}
    </div>
  );
}
