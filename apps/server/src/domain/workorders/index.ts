/**
 * Work orders (issue 11; Workbench pending/completed orders, Tools → work-order
 * ledger): requests for an assessment with submitter, handler, target, due
 * date, status and reminders, completed by the tasks linked to them.
 */
export { type CreateWorkOrder, WorkOrderService } from './workorder-service.ts';
export { type WorkOrderRecord, WorkOrderRepository } from './workorder-repository.ts';
