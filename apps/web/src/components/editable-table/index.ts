/** The table pieces of SPEC §2: the editable data table with row actions and the validated table for rows edited in a form. */
export { EditableTable, ROW_ACTIONS, type EditableTableProps, type RowAction } from './EditableTable.tsx';
export { ValidatedTable, checkRows, type ValidatedColumn, type ValidatedRow, type ValidatedTableHandle } from './ValidatedTable.tsx';
