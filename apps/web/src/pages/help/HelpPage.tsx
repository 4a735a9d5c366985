/**
 * Help (SPEC §1, §2; issue 30): the help document shipped with the product as
 * Markdown (src/help/zh.md, en.md) in the current language, with a contents list
 * and a search that keeps the sections containing every word typed.
 */
import { useMemo, useState } from 'react';
import { Col, Empty, Input, Row, Typography } from 'antd';
import type { RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/index.ts';
import { useLang, useTitle } from '../../locales/i18n.ts';
import { Markdown } from './Markdown.tsx';
import { HELP_SOURCES, searchSections, splitSections } from './sections.ts';
import './texts.ts';

export function HelpPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const lang = useLang();
  const [query, setQuery] = useState('');
  const doc = useMemo(() => splitSections(HELP_SOURCES[lang]), [lang]);
  const shown = useMemo(() => searchSections(doc.sections, query), [doc, query]);

  return (
    <PageCard title={title(node.title)} testId={`page-${node.key}`}>
      <Input.Search allowClear placeholder={t('help.search')} style={{ maxWidth: 360, marginBottom: 16 }} onChange={(e) => setQuery(e.target.value)} data-testid="help-search" />
      {query.trim() ? (
        <Typography.Paragraph type="secondary" data-testid="help-matches">
          {shown.length ? t('help.matches', { n: shown.length }) : t('help.noMatch', { q: query.trim() })}
        </Typography.Paragraph>
      ) : null}
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Typography.Title level={5}>{t('help.contents')}</Typography.Title>
          <ul className="citadel-help-toc" data-testid="help-toc">
            {shown.map((s) => (
              <li key={s.id}>
                <a onClick={() => document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth' })}>{s.title}</a>
              </li>
            ))}
          </ul>
        </Col>
        <Col xs={24} md={18} data-testid="help-content">
          {query.trim() ? null : <Markdown source={doc.intro} />}
          {shown.length ? (
            shown.map((s) => (
              <section key={s.id} id={s.id} data-testid="help-section">
                <Markdown source={`## ${s.title}\n${s.body}`} />
              </section>
            ))
          ) : (
            <Empty />
          )}
        </Col>
      </Row>
    </PageCard>
  );
}
