/** The preview's file tree: search by path, pick a file, see its facts, its contents (viewer, download) and the findings whose evidence names it. */
import { useMemo, useState } from 'react';
import { type Assessment, can } from '@citadel/contracts';
import { Col, Descriptions, Empty, Input, List, Row, Tag, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccessSubject } from '../../access/useAccess.ts';
import { FileViewer } from './FileViewer.tsx';
import { type FwFile, buildTree, findingsForFile } from './model.ts';

export function FileBrowser({ assessment, files, taskUid }: { assessment: Assessment; files: FwFile[]; taskUid: string }) {
  const { t } = useTranslation();
  // File contents are served on the download grant, as the image itself is.
  const mayRead = can(useAccessSubject(), 'FirmwareEvaluation', 'download');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string>();
  const tree = useMemo(() => buildTree(files, search), [files, search]);
  const byPath = useMemo(() => new Map(files.map((f) => [f.path, f])), [files]);
  const file = picked ? byPath.get(picked) : undefined;
  const hits = file ? findingsForFile(assessment, file.path) : [];
  return (
    <Row gutter={16} data-testid="firmware-files">
      <Col span={10}>
        <Input.Search allowClear placeholder={t('firmware.search')} onChange={(e) => setSearch(e.target.value)} data-testid="firmware-file-search" style={{ marginBottom: 8 }} />
        <div style={{ maxHeight: 480, overflow: 'auto' }}>
          <Tree.DirectoryTree treeData={tree} defaultExpandAll={search.trim() !== ''} key={search} onSelect={(keys) => setPicked(String(keys[0] ?? ''))} data-testid="firmware-tree" />
        </div>
      </Col>
      <Col span={14}>
        {!file ? (
          <Empty description={t('firmware.pickFile')} />
        ) : (
          <div data-testid="firmware-file-detail">
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('firmware.file')}>
                <Typography.Text code>{file.path}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('firmware.kind')}>{t(`firmware.nodeTypes.${file.type}`, { defaultValue: file.type })}</Descriptions.Item>
              <Descriptions.Item label={t('firmware.size')}>{file.size}</Descriptions.Item>
              {file.mode ? <Descriptions.Item label={t('firmware.mode')}>{file.mode}</Descriptions.Item> : null}
              {file.sha1 ? <Descriptions.Item label={t('firmware.sha1')}>{file.sha1}</Descriptions.Item> : null}
              {file.target !== undefined ? <Descriptions.Item label={t('firmware.linkTo')}>{file.target}</Descriptions.Item> : null}
            </Descriptions>
            {file.type === 'file' ? (
              mayRead ? (
                <FileViewer taskUid={taskUid} file={file} />
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
                  {t('firmware.viewer.noGrant')}
                </Typography.Paragraph>
              )
            ) : null}
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('firmware.fileFindings')}
            </Typography.Title>
            {hits.length === 0 ? (
              <Typography.Text type="secondary">{t('firmware.noFileFindings')}</Typography.Text>
            ) : (
              <List
                size="small"
                data-testid="firmware-file-findings"
                dataSource={hits}
                renderItem={({ finding, evidence }) => (
                  <List.Item>
                    <div>
                      <Tag color={finding.result === 'fail' ? 'red' : 'blue'}>{finding.ruleId}</Tag>
                      {evidence.slice(0, 5).map((e, i) => (
                        <div key={i}>
                          <Typography.Text code>{[e.line ? `:${e.line}` : '', e.snippet].filter(Boolean).join(' ')}</Typography.Text> {e.detail}
                        </div>
                      ))}
                    </div>
                  </List.Item>
                )}
              />
            )}
          </div>
        )}
      </Col>
    </Row>
  );
}
