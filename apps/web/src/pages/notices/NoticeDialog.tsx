/**
 * The notice editor: title, Markdown content with preview, banner or floating,
 * target customers and roles (none chosen = everyone), display window, and the
 * attachment (an existing notice only: the file is stored on the saved notice).
 * Saving as draft or published.
 */
import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Tabs, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { Markdown } from '../help/Markdown.tsx';
import { type NoticeInput, type NoticeRow, type NoticeStatus, type Option, addNotice, detachNotice, noticeTargets, updateNotice, uploadAttachment } from './api.ts';

interface FormValues { title: string; content: string; is_float: boolean; customer_ids: number[]; role_ids: number[]; window?: [Dayjs | null, Dayjs | null] | null }

export function NoticeDialog({ row, open, onClose, onSaved }: { row: NoticeRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [targets, setTargets] = useState<{ customers: Option[]; roles: Option[]; attachment_types: string[] }>({ customers: [], roles: [], attachment_types: [] });
  const [saving, setSaving] = useState(false);
  const [attachment, setAttachment] = useState('');
  const content = Form.useWatch('content', form) ?? '';

  useEffect(() => {
    if (!open) return;
    noticeTargets().then(setTargets, reportError);
    setAttachment(row?.attachment_name ?? '');
    form.setFieldsValue(
      row
        ? { title: row.title, content: row.content, is_float: row.is_float, customer_ids: row.customer_ids, role_ids: row.role_ids, window: row.start_at || row.end_at ? [row.start_at ? dayjs(row.start_at) : null, row.end_at ? dayjs(row.end_at) : null] : null }
        : { title: '', content: '', is_float: false, customer_ids: [], role_ids: [], window: null },
    );
  }, [open, row, form]);

  const save = async (status: NoticeStatus) => {
    const v = await form.validateFields();
    const input: NoticeInput = { title: v.title ?? '', content: v.content, is_float: v.is_float, customer_ids: v.customer_ids ?? [], role_ids: v.role_ids ?? [], start_at: v.window?.[0]?.valueOf() ?? null, end_at: v.window?.[1]?.valueOf() ?? null, status };
    setSaving(true);
    try {
      if (row) await updateNotice(row.id, input);
      else await addNotice(input);
      feedback.success(t('common.operationSuccess'));
      onSaved();
    } catch (err) {
      reportError(err);
    } finally {
      setSaving(false);
    }
  };

  const pick = async (file: File | undefined) => {
    if (!file || !row) return;
    try {
      const stored = await uploadAttachment(row.id, file);
      setAttachment(stored.name);
      feedback.success(t('common.operationSuccess'));
    } catch (err) {
      feedback.error(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Modal
      open={open}
      width={760}
      title={t(row ? 'notices.edit' : 'notices.add')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={saving} onClick={() => void save('draft')} data-testid="notice-save-draft">{t('notices.saveDraft')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save('published')} data-testid="notice-save-publish">{t('notices.saveAndPublish')}</Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="is_float" label={t('notices.kind')}>
          <Radio.Group data-testid="notice-kind">
            <Radio value={false} data-testid="notice-kind-banner">{t('notices.banner')}</Radio>
            <Radio value={true} data-testid="notice-kind-float">{t('notices.float')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label={t('notices.title')} dependencies={['is_float']} rules={[({ getFieldValue }) => ({ validator: (_r, value: string) => (!getFieldValue('is_float') && !value?.trim() ? Promise.reject(new Error(t('notices.titleRequired'))) : Promise.resolve()) }), { max: 200 }]}>
          <Input maxLength={200} data-testid="notice-title" />
        </Form.Item>
        <Tabs
          size="small"
          items={[
            { key: 'edit', label: t('notices.content'), children: (
              <Form.Item name="content" extra={t('notices.contentHint')} rules={[{ required: true, whitespace: true, message: t('notices.contentRequired') }]}>
                <Input.TextArea rows={6} maxLength={100_000} data-testid="notice-content" />
              </Form.Item>
            ) },
            { key: 'preview', label: t('notices.preview'), children: <Markdown source={content} testId="notice-preview" /> },
          ]}
        />
        <Form.Item name="customer_ids" label={t('notices.targets')}>
          <Select mode="multiple" allowClear placeholder={t('notices.allTargets')} options={targets.customers.map((c) => ({ value: c.id, label: c.name }))} optionFilterProp="label" data-testid="notice-customers" />
        </Form.Item>
        <Form.Item name="role_ids" label={t('notices.targetRoles')}>
          <Select mode="multiple" allowClear placeholder={t('notices.allTargets')} options={targets.roles.map((c) => ({ value: c.id, label: c.name }))} optionFilterProp="label" data-testid="notice-roles" />
        </Form.Item>
        <Form.Item name="window" label={t('notices.window')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} placeholder={[t('notices.start'), t('notices.end')]} />
        </Form.Item>
        <Form.Item label={t('notices.attachment')} extra={t('notices.attachmentHint', { types: targets.attachment_types.filter((x) => !['jpg', 'jpeg', 'png'].includes(x)).join(', ') })}>
          {row ? (
            <Space>
              {attachment ? <Typography.Text data-testid="notice-attachment-name">{attachment}</Typography.Text> : null}
              <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
                <UploadOutlined /> {t('notices.upload')}
                <input type="file" accept={targets.attachment_types.map((x) => `.${x}`).join(',')} style={{ display: 'none' }} data-testid="notice-attachment-input" onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
              </label>
              {attachment ? (
                <Button icon={<DeleteOutlined />} onClick={() => detachNotice(row.id).then(() => setAttachment(''), reportError)}>
                  {t('notices.removeAttachment')}
                </Button>
              ) : null}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('notices.saveFirst')}</Typography.Text>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
