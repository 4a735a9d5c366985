/**
 * Original keys (SPEC §2, §3): the symmetric and the asymmetric key pages share
 * this screen (the route's page id says which): name, length, source, applied
 * white-box libraries, user, add time, status; add dialog; enable/disable;
 * delete (refused by the server while a library uses the key). Secrets are never
 * shown after creation; an asymmetric key shows its public half.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal, Tag, Typography } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard, type PageQuery, SearchBox, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { reportError } from '../../api/request.ts';
import { useTitle } from '../../locales/i18n.ts';
import { type KeyKind, type KeyRow, deleteKeys, listKeys, setKeyStatus } from './api.ts';
import { KeyAddDialog } from './KeyAddDialog.tsx';
import './texts.ts';

export function KeysPage({ node }: { node: RouteNode }) {
  const kind: KeyKind = node.page?.endsWith(':asymmetric') ? 'asymmetric' : 'symmetric';
  const { t } = useTranslation();
  const title = useTitle();
  const subject = useAccessSubject();
  const list = usePagedList<KeyRow, { keyword: string }>((q: PageQuery & { keyword?: string }) => listKeys({ ...q, kind }), 10, [kind]);
  const [adding, setAdding] = useState(false);
  const [publicKey, setPublicKey] = useState<KeyRow | null>(null);

  const toggle = async (r: KeyRow) => {
    try {
      await setKeyStatus(kind, r.id, !r.enabled);
      feedback.success(t('common.operationSuccess'));
      void list.reload();
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') ? (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="wb-key-add">
            {t(kind === 'symmetric' ? 'whitebox.addSymmetric' : 'whitebox.addAsymmetric')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('whitebox.secretNotice')}</Typography.Paragraph>
      <SearchBox<{ keyword?: string }> onSearch={list.search}>
        <Form.Item name="keyword" label={t('whitebox.keyName')}>
          <Input allowClear maxLength={100} data-testid="wb-key-search" />
        </Form.Item>
      </SearchBox>
      <EditableTable<KeyRow>
        testId="wb-key-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          { title: t('whitebox.keyName'), dataIndex: 'name', width: 180 },
          { title: t('whitebox.algorithm'), dataIndex: 'algorithm', width: 120 },
          { title: t('whitebox.length'), dataIndex: 'bits', width: 90, render: (n: number) => t('whitebox.bits', { n }) },
          { title: t('whitebox.source'), dataIndex: 'source', width: 150, render: (s: string) => t(`whitebox.sources.${s}`) },
          { title: t('whitebox.appliedLibrary'), dataIndex: 'libraries', render: (l: string[]) => (l.length ? l.map((n) => <Tag key={n}>{n}</Tag>) : t('whitebox.none')) },
          { title: t('whitebox.user'), dataIndex: 'user', width: 110 },
          { title: t('whitebox.addTime'), dataIndex: 'created_at', width: 170, render: formatTime },
          { title: t('whitebox.status'), dataIndex: 'enabled', width: 80, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'whitebox.enabled' : 'whitebox.disabled')}</Tag> },
        ]}
        actions={{ view: (r) => Boolean(r.public_key), delete: (r) => r.deletable && can(subject, node.key, 'delete') }}
        onAction={async (action, r) => {
          if (action === 'view') return setPublicKey(r);
          if (action !== 'delete') return;
          await deleteKeys(kind, [r.id]);
          feedback.success(t('common.operationSuccess'));
          void list.reload();
        }}
        extraActions={(r) =>
          can(subject, node.key, 'edit') ? (
            <Button type="link" size="small" onClick={() => void toggle(r)} data-testid="wb-key-toggle">
              {t(r.enabled ? 'whitebox.disable' : 'whitebox.enable')}
            </Button>
          ) : null
        }
      />
      <KeyAddDialog
        kind={kind}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(row) => {
          setAdding(false);
          void list.reload();
          if (row.public_key) setPublicKey(row);
        }}
      />
      <Modal open={publicKey !== null} title={`${t('whitebox.viewPublicKey')} — ${publicKey?.name ?? ''}`} footer={null} onCancel={() => setPublicKey(null)} width={640}>
        <Typography.Paragraph copyable={{ text: publicKey?.public_key ?? '' }}>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }} data-testid="wb-public-key">
            {publicKey?.public_key}
          </pre>
        </Typography.Paragraph>
      </Modal>
    </PageCard>
  );
}
