/** Sensitive words (SPEC §3, §5): one comma-separated list, English commas only, trimmed on blur; the shared list is shown to customers. */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Tag } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { getSensitiveWords, saveSensitiveWords } from './api.ts';
import './texts.ts';

export function SensitiveWordsPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const [form] = Form.useForm<{ words: string }>();
  const [shared, setShared] = useState<string[]>([]);
  useEffect(() => {
    getSensitiveWords()
      .then((d) => {
        form.setFieldsValue({ words: d.words });
        setShared(d.shared);
      })
      .catch(() => undefined);
  }, [form]);
  const submit = async ({ words }: { words: string }) => {
    try {
      const d = await saveSensitiveWords(words.trim());
      form.setFieldsValue({ words: d.words });
      feedback.success(t('common.operationSuccess'));
    } catch {
      // shown by the request layer
    }
  };
  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      {shared.length > 0 ? <Alert type="info" style={{ marginBottom: 16 }} title={<>{t('testing.wordsShared')}: {shared.map((w) => <Tag key={w}>{w}</Tag>)}</>} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={!can(subject, node.key, 'edit')}>
        <Form.Item name="words" label={t('testing.words')} extra={t('testing.wordsHint')} rules={[{ validator: (_, v: string | undefined) => (/[，、；;]/.test(v ?? '') ? Promise.reject(new Error(t('testing.wordsHint'))) : Promise.resolve()) }]}>
          <Input.TextArea rows={6} data-testid="sensitive-words" onBlur={(e) => form.setFieldValue('words', e.target.value.split(',').map((w) => w.trim()).filter(Boolean).join(','))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="sensitive-save">{t('testing.save')}</Button>
      </Form>
    </PageCard>
  );
}
