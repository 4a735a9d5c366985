/**
 * The dependency tree: the project's direct dependencies (or, when the
 * lockfile does not say, the packages nothing depends on) with what each
 * pulls in, opened one level at a time — a lockfile of thousands of packages
 * is a graph, and expanding it all at once would print the shared packages
 * over and over. A package already on the branch (a cycle) is shown and not
 * opened again; production-only hides dev-scope packages.
 */
import { useMemo, useState } from 'react';
import { Button, Segmented, Space, Tag, Typography } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ComponentRow, ScaView } from './model.ts';
import { LevelTag } from './Sections.tsx';

const MAX_CHILDREN = 200;
const MAX_ROOTS = 500;

export function DependencyTree({ view }: { view: ScaView }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'all' | 'production'>('all');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const byRef = useMemo(() => new Map(view.components.map((c) => [c.ref, c])), [view]);
  const roots = useMemo(() => {
    const depended = new Set(view.components.flatMap((c) => c.dependsOn));
    const direct = view.components.filter((c) => c.direct);
    return (direct.length ? direct : view.components.filter((c) => !depended.has(c.ref))).sort((a, b) => a.name.localeCompare(b.name));
  }, [view]);
  const shown = (c: ComponentRow) => scope === 'all' || !c.dev;
  const toggle = (key: string) =>
    setOpen((o) => {
      const n = new Set(o);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });

  const node = (c: ComponentRow, path: string[], depth: number): React.ReactNode => {
    const key = [...path, c.ref].join('\n');
    const cycle = path.includes(c.ref);
    const kids = cycle ? [] : c.dependsOn.map((r) => byRef.get(r)).filter((x): x is ComponentRow => !!x && shown(x));
    const isOpen = open.has(key);
    return (
      <div key={key} style={{ marginLeft: depth ? 20 : 0 }} data-testid="sca-tree-node">
        <Space size={4}>
          {kids.length ? (
            <Button type="text" size="small" icon={isOpen ? <MinusSquareOutlined /> : <PlusSquareOutlined />} onClick={() => toggle(key)} aria-label={t(isOpen ? 'sca.tree.collapse' : 'sca.tree.expand')} data-testid="sca-tree-toggle" />
          ) : (
            <span style={{ display: 'inline-block', width: 24 }} />
          )}
          <Typography.Text data-testid="sca-tree-label">
            {c.name}@{c.version || '?'}
          </Typography.Text>
          {depth === 0 && c.direct ? <Tag color="blue">{t('sca.direct')}</Tag> : null}
          {c.dev ? <Tag>{t('sca.dev')}</Tag> : null}
          {c.worst ? <LevelTag level={c.worst} /> : null}
          {cycle ? <Tag color="purple">{t('sca.tree.cycle')}</Tag> : null}
          {kids.length ? <Typography.Text type="secondary">({kids.length})</Typography.Text> : null}
        </Space>
        {isOpen ? (
          <>
            {kids.slice(0, MAX_CHILDREN).map((k) => node(k, [...path, c.ref], depth + 1))}
            {kids.length > MAX_CHILDREN ? <Typography.Text type="secondary" style={{ marginLeft: 20 }}>{t('sca.tree.more', { n: kids.length - MAX_CHILDREN })}</Typography.Text> : null}
          </>
        ) : null}
      </div>
    );
  };

  const visibleRoots = roots.filter(shown);
  const withEdges = view.components.some((c) => c.dependsOn.length > 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sca-tree">
      <Space wrap>
        <Segmented
          value={scope}
          onChange={(v) => setScope(v as 'all' | 'production')}
          options={[
            { value: 'all', label: t('sca.tree.all') },
            { value: 'production', label: t('sca.tree.production') },
          ]}
          data-testid="sca-tree-scope"
        />
        <Typography.Text type="secondary">{t('sca.tree.roots', { n: visibleRoots.length })}</Typography.Text>
      </Space>
      {!withEdges ? <Typography.Paragraph type="secondary">{t('sca.tree.noEdges')}</Typography.Paragraph> : null}
      <div style={{ maxHeight: 520, overflow: 'auto' }}>{visibleRoots.slice(0, MAX_ROOTS).map((r) => node(r, [], 0))}</div>
    </Space>
  );
}
