/** The "new work order" dialog: title, platform, target, handler, due date and a description. */
import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { EVALUATIONS } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { createWorkOrder, workOrderHandlers } from '../home/api.ts';

interface Values {
  title: string;
  platform: string;
  target?: string;
  handler_id?: number;
  due?: { valueOf(): number };
  description?: string;
}

export function WorkOrderFormDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [handlers, setHandlers] = useState<{ id: number; name: string }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    workOrderHandlers()
      .then((r) => setHandlers(r.list))
      .catch(() => undefined);
  }, []);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await createWorkOrder({
        title: v.title.trim(),
        platform: v.platform,
        ...(v.target ? { target: v.target.trim() } : {}),
        ...(v.description ? { description: v.description.trim() } : {}),
        ...(v.handler_id ? { handler_id: v.handler_id } : {}),
        ...(v.due ? { due_at: v.due.valueOf() } : {}),
      });
      feedback.success(t('common.operationSuccess'));
      onClose(true);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('dash.wo.create')} width={600} onCancel={() => onClose(false)} onOk={() => void submit()} confirmLoading={saving} okText={t('common.ok')} cancelText={t('common.cancel')} okButtonProps={{ ...({ 'data-testid': 'wo-form-ok' } as Record<`data-${string}`, string>) }} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="wo-form">
        <Form.Item name="title" label={t('dash.wo.title')} rules={[{ required: true, whitespace: true, message: t('dash.wo.titleRequired') }, { max: 200 }]}>
          <Input data-testid="wo-form-title" maxLength={200} />
        </Form.Item>
        <Form.Item name="platform" label={t('dash.platform')} rules={[{ required: true, message: t('dash.wo.platformRequired') }]}>
          <Select data-testid="wo-form-platform" options={EVALUATIONS.map((e) => ({ value: e.platform, label: t(`dash.platforms.${e.platform}`) }))} />
        </Form.Item>
        <Form.Item name="target" label={t('dash.wo.target')}>
          <Input maxLength={2000} />
        </Form.Item>
        <Form.Item name="handler_id" label={t('dash.wo.handler')}>
          <Select allowClear showSearch optionFilterProp="label" data-testid="wo-form-handler" options={handlers.map((h) => ({ value: h.id, label: h.name }))} />
        </Form.Item>
        <Form.Item name="due" label={t('dash.wo.dueAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('dash.wo.description')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
