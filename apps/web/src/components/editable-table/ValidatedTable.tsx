/**
 * The validated table of SPEC §2/§5 for editing rows inside a form: every
 * column with `required` must be filled, text inputs trim on blur, and a
 * failed check shows "请填写完整信息". `validate()` is what the form's submit
 * calls; it returns the clean rows or undefined.
 */
import { forwardRef, useImperativeHandle, useState } from 'react';
import { Button, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import './texts.ts';

export interface ValidatedColumn {
  key: string;
  title: string;
  required?: boolean;
  /** A select instead of a text input. */
  options?: { value: string; label: string }[];
  width?: number;
  placeholder?: string;
}

export type ValidatedRow = Record<string, string>;

export interface ValidatedTableHandle {
  validate(): ValidatedRow[] | undefined;
  reset(): void;
}

/** The SPEC §5 check, separate from the component so it can be tested alone: trims, then requires every required cell. */
export function checkRows(columns: ValidatedColumn[], rows: ValidatedRow[]): ValidatedRow[] | undefined {
  const clean = rows.map((r) => Object.fromEntries(columns.map((c) => [c.key, (r[c.key] ?? '').trim()])));
  return clean.length > 0 && clean.every((r) => columns.every((c) => !c.required || r[c.key] !== '')) ? clean : undefined;
}

export const ValidatedTable = forwardRef<ValidatedTableHandle, { columns: ValidatedColumn[]; initialRows?: number; testId?: string }>(function ValidatedTable({ columns, initialRows = 1, testId }, ref) {
  const { t } = useTranslation();
  const blank = (): ValidatedRow => Object.fromEntries(columns.map((c) => [c.key, c.options?.[0]?.value ?? '']));
  const [rows, setRows] = useState<ValidatedRow[]>(() => Array.from({ length: initialRows }, blank));
  const [showErrors, setShowErrors] = useState(false);
  const set = (i: number, key: string, value: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [key]: value } : r)));

  useImperativeHandle(ref, () => ({
    validate() {
      const clean = checkRows(columns, rows);
      setRows((rs) => rs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.trim()]))));
      if (!clean) {
        setShowErrors(true);
        feedback.error(t('table.incomplete'));
      }
      return clean;
    },
    reset() {
      setRows(Array.from({ length: initialRows }, blank));
      setShowErrors(false);
    },
  }));

  return (
    <div data-testid={testId}>
      <Table<ValidatedRow & { __i: number }>
        size="small"
        pagination={false}
        rowKey="__i"
        dataSource={rows.map((r, i) => ({ ...r, __i: i }) as ValidatedRow & { __i: number })}
        columns={[
          ...columns.map((c) => ({
            key: c.key,
            width: c.width,
            title: c.required ? <span><span style={{ color: '#ff4d4f' }}>* </span>{c.title}</span> : c.title,
            render: (_: unknown, r: ValidatedRow & { __i: number }) =>
              c.options ? (
                <Select value={r[c.key]} options={c.options} onChange={(v) => set(r.__i, c.key, v)} style={{ width: '100%' }} data-testid={`vt-${c.key}-${r.__i}`} />
              ) : (
                <Input
                  value={r[c.key]}
                  placeholder={c.placeholder}
                  status={showErrors && c.required && !r[c.key]?.trim() ? 'error' : undefined}
                  onChange={(e) => set(r.__i, c.key, e.target.value)}
                  onBlur={(e) => set(r.__i, c.key, e.target.value.trim())}
                  data-testid={`vt-${c.key}-${r.__i}`}
                />
              ),
          })),
          {
            key: '__remove',
            width: 70,
            render: (_: unknown, r: { __i: number }) => (
              <Button type="link" size="small" disabled={rows.length <= 1} onClick={() => setRows((rs) => rs.filter((_, j) => j !== r.__i))}>
                {t('table.removeRow')}
              </Button>
            ),
          },
        ]}
      />
      <Button type="dashed" block style={{ marginTop: 8 }} onClick={() => setRows((rs) => [...rs, blank()])} data-testid={`${testId ?? 'vt'}-add-row`}>
        {t('table.addRow')}
      </Button>
    </div>
  );
});
