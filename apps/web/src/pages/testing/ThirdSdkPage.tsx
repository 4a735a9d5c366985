/**
 * Third-party SDK management (SPEC §2, §3): the SDK library the engines
 * attribute code to — the built-in SDKs (editable by admin, never deleted,
 * only disabled) and the customer's own. Search by name, prefix, category and
 * state; add and edit in a dialog; enable/disable with the lock action.
 */
import { useState } from 'react';
import { Button, Form, Input, Select, Tag, Tooltip } from 'antd';
import { SDK_CATEGORIES, can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, type PageQuery, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type SdkRow, deleteSdks, listSdks, saveSdk } from './api.ts';
import { SdkFormDialog, sdkFields } from './SdkFormDialog.tsx';
import './texts.ts';

type Filters = {
  name: string;
  prefix: string;
  category: string;
  enabled: 'on' | 'off';
};

/** The form's on/off choice is the API's enabled flag. */
const fetchSdkPage = ({ enabled, ...rest }: PageQuery & Partial<Filters>) => listSdks({ ...rest, ...(enabled ? { enabled: enabled === 'on' } : {}) });

const tags = (values: string[]) => values.map((v) => <Tag key={v}>{v}</Tag>);

export function ThirdSdkPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const list = usePagedList<SdkRow, Filters>(fetchSdkPage);
  const load = list.reload;
  /** The row in the dialog: null = closed, 'new' = adding. */
  const [editing, setEditing] = useState<SdkRow | 'new' | null>(null);

  const done = () => {
    feedback.success(t('common.operationSuccess'));
    void load();
  };
  // Seeded SDKs are never deleted: disabling one takes it out of the next assessment.
  const toggle = async (r: SdkRow) => {
    try {
      await saveSdk({ ...sdkFields(r), id: r.id, enabled: !r.enabled });
      done();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="sdk-add">
            {t('testing.sdk.add')}
          </Button>
        ) : null
      }
    >
      <SearchBox<Partial<Filters>> onSearch={list.search}>
        <Form.Item name="name" label={t('testing.sdkName')}>
          <Input allowClear maxLength={200} data-testid="sdk-search-name" />
        </Form.Item>
        <Form.Item name="prefix" label={t('testing.sdk.prefix')}>
          <Input allowClear maxLength={200} data-testid="sdk-search-prefix" />
        </Form.Item>
        <Form.Item name="category" label={t('testing.category')}>
          <Select allowClear style={{ width: 120 }} placeholder={t('testing.sdk.all')} options={SDK_CATEGORIES.map((c) => ({ value: c, label: t(`testing.categories.${c}`) }))} data-testid="sdk-search-category" />
        </Form.Item>
        <Form.Item name="enabled" label={t('testing.enabled')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('testing.sdk.all')}
            options={[
              { value: 'on', label: t('testing.on') },
              { value: 'off', label: t('testing.off') },
            ]}
            data-testid="sdk-search-enabled"
          />
        </Form.Item>
      </SearchBox>
      <EditableTable<SdkRow>
        testId="sdk-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          {
            title: t('testing.sdkName'),
            dataIndex: 'name',
            width: 200,
            render: (v: string, r) => (r.is_default ? <Tooltip title={t('testing.sdk.builtinHint')}>{v} <Tag color="blue">{t('testing.builtin')}</Tag></Tooltip> : v),
          },
          { title: t('testing.category'), dataIndex: 'category', width: 90, render: (v: string) => t(`testing.categories.${v}`) },
          { title: t('testing.sdk.packagesLabel'), dataIndex: 'packages', render: tags },
          { title: t('testing.iosFrameworks'), dataIndex: 'ios_frameworks', width: 170, render: tags },
          { title: t('testing.iosPrefixes'), dataIndex: 'ios_class_prefixes', width: 130, render: tags },
          { title: t('testing.enabled'), dataIndex: 'enabled', width: 80, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'testing.on' : 'testing.off')}</Tag> },
        ]}
        actions={{ edit: (r) => r.editable && can(subject, node.key, 'edit'), delete: (r) => r.deletable && can(subject, node.key, 'delete') }}
        onAction={async (action, r) => {
          if (action === 'edit') return setEditing(r);
          if (action !== 'delete') return;
          await deleteSdks([r.id]);
          done();
        }}
        extraActions={(r) =>
          r.editable && can(subject, node.key, 'edit') ? (
            <Button type="link" size="small" onClick={() => void toggle(r)} data-testid="row-toggle">
              {t(r.enabled ? 'testing.sdk.disable' : 'testing.sdk.enable')}
            </Button>
          ) : null
        }
      />
      <SdkFormDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
    </PageCard>
  );
}
