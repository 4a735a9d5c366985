/**
 * Per-module permissions of a role (SPEC §6): modules are the grantable menu
 * leaves grouped by their menu group; a module is chosen first (its view
 * operation comes with it), then its operations. Select-all and clear act on
 * everything. The value is the role's PermissionEntry list.
 */
import { Button, Checkbox, Space, Typography } from 'antd';
import { type Operation, type PermissionEntry, ROUTES, type RouteNode, grantableResources } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useTitle } from '../../locales/i18n.ts';

interface ModuleGroup {
  group: RouteNode;
  modules: RouteNode[];
}

const grantable = new Set(grantableResources().map((n) => n.key));
const opsOf = (n: RouteNode): Operation[] => [...(n.operations ?? ['view'])];

/** Top-level menu entries with their grantable leaves (a leaf at the top is its own group). */
export function moduleGroups(): ModuleGroup[] {
  const leaves = (n: RouteNode): RouteNode[] => (n.children ? n.children.flatMap(leaves) : grantable.has(n.key) ? [n] : []);
  return ROUTES.map((group) => ({ group, modules: leaves(group) })).filter((g) => g.modules.length > 0);
}

export function allGrants(): PermissionEntry[] {
  return moduleGroups().flatMap((g) => g.modules.map((m) => ({ resources: m.key, operations: opsOf(m) })));
}

export function PermissionPicker({ value = [], onChange }: { value?: PermissionEntry[]; onChange?: (v: PermissionEntry[]) => void }) {
  const { t } = useTranslation();
  const title = useTitle();
  const held = new Map(value.map((p) => [p.resources, p.operations]));
  const set = (resource: string, ops: Operation[] | null) => {
    const next = new Map(held);
    if (ops === null || ops.length === 0) next.delete(resource);
    else next.set(resource, ops);
    onChange?.([...next].map(([resources, operations]) => ({ resources, operations })));
  };

  return (
    <div data-testid="permission-picker">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" data-testid="perm-select-all" onClick={() => onChange?.(allGrants())}>
          {t('system.roles.selectAll')}
        </Button>
        <Button size="small" data-testid="perm-clear" onClick={() => onChange?.([])}>
          {t('system.roles.clear')}
        </Button>
        <Typography.Text type="secondary">{t('system.roles.moduleFirst')}</Typography.Text>
      </Space>
      <div style={{ maxHeight: 420, overflowY: 'auto', border: '1px solid #f0f0f0', padding: 8 }}>
        {moduleGroups().map(({ group, modules }) => (
          <div key={group.key} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{title(group.title)}</Typography.Text>
            {modules.map((m) => {
              const ops = held.get(m.key);
              return (
                <div key={m.key} style={{ display: 'flex', alignItems: 'center', padding: '2px 0 2px 16px' }}>
                  <Checkbox style={{ width: 220 }} checked={ops !== undefined} data-testid={`perm-module-${m.key}`} onChange={(e) => set(m.key, e.target.checked ? ['view'].filter((op) => opsOf(m).includes(op as Operation)) as Operation[] : null)}>
                    {title(m.title)}
                  </Checkbox>
                  <Checkbox.Group
                    disabled={ops === undefined}
                    value={ops ?? []}
                    onChange={(checked) => set(m.key, opsOf(m).filter((op) => checked.includes(op)))}
                    options={opsOf(m).map((op) => ({ value: op, label: <span data-testid={`perm-op-${m.key}-${op}`}>{t(`system.roles.operations.${op}`)}</span> }))}
                  />
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
