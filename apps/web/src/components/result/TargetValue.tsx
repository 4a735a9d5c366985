/**
 * One target field's value, rendered by its shape rather than as JSON: hashes in
 * monospace with a copy button, lists as tags (a dangerous permission or an
 * exported component in red), objects as short key/value lines, booleans as
 * yes/no. Engines add fields freely; this keeps every one readable.
 */
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { targetLabel } from './target-fields.ts';
import { targetValue } from './texts.ts';

const LONG_HEX = /^[0-9a-f]{32,}$/i;
const MAX_TAGS = 60;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An item of a list of objects is named by its first name-like field. */
function itemName(o: Obj): string {
  for (const k of ['name', 'id', 'path', 'file', 'title', 'abi']) if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k]);
  return '';
}

/** Items flagged risky by the engine (dangerous permission, exported component …) stand out. */
function risky(o: Obj): boolean {
  return o.dangerous === true || o.exported === true || o.risky === true;
}

function Scalar({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{t(value ? 'common.yes' : 'common.no')}</>;
  const text = targetValue(name, value);
  const hex = LONG_HEX.test(text);
  return (
    <Typography.Text style={{ wordBreak: 'break-all', fontFamily: hex ? 'monospace' : undefined }} copyable={hex ? { text } : false}>
      {text}
    </Typography.Text>
  );
}

export function TargetValue({ name, value, depth = 0 }: { name: string; value: unknown; depth?: number }) {
  const { t } = useTranslation();
  if (Array.isArray(value)) {
    if (value.length === 0) return <>-</>;
    const shown = value.slice(0, MAX_TAGS);
    const more = value.length - shown.length;
    if (shown.every((v) => !isObj(v))) {
      return (
        <Space size={[4, 4]} wrap>
          {shown.map((v, i) => (
            <Tag key={i} style={{ marginInlineEnd: 0 }}>
              {String(v)}
            </Tag>
          ))}
          {more > 0 ? <Typography.Text type="secondary">{t('result.moreItems', { count: more })}</Typography.Text> : null}
        </Space>
      );
    }
    const named = shown.every((v) => isObj(v) && itemName(v));
    if (named) {
      return (
        <Space size={[4, 4]} wrap>
          {(shown as Obj[]).map((o, i) => (
            <Tooltip key={i} title={<ObjectLines value={o} />} styles={{ root: { maxWidth: 480 } }}>
              <Tag color={risky(o) ? 'red' : undefined} style={{ marginInlineEnd: 0 }}>
                {itemName(o)}
              </Tag>
            </Tooltip>
          ))}
          {more > 0 ? <Typography.Text type="secondary">{t('result.moreItems', { count: more })}</Typography.Text> : null}
        </Space>
      );
    }
    return (
      <div>
        {shown.map((v, i) => (
          <div key={i} style={{ marginBottom: 4 }}>
            <TargetValue name={name} value={v} depth={depth + 1} />
          </div>
        ))}
      </div>
    );
  }
  if (isObj(value)) return depth > 2 ? <Scalar name={name} value={JSON.stringify(value)} /> : <ObjectLines value={value} depth={depth} />;
  return <Scalar name={name} value={value} />;
}

function ObjectLines({ value, depth = 0 }: { value: Obj; depth?: number }) {
  return (
    <div>
      {Object.entries(value).map(([k, v]) => (
        <div key={k} style={{ display: 'flex', gap: 8, lineHeight: 1.7 }}>
          <span style={{ color: '#8c8c8c', flex: '0 0 auto' }}>{targetLabel(k)}:</span>
          <span style={{ minWidth: 0 }}>
            <TargetValue name={k} value={v} depth={depth + 1} />
          </span>
        </div>
      ))}
    </div>
  );
}
