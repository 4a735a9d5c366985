/** Task changes as events, for the WebSocket push (and anything else that watches tasks in this process). */
import { EventEmitter } from 'node:events';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';

export class TaskEvents extends EventEmitter<{ task: [TaskRecord] }> {
  changed(task: TaskRecord | undefined): void {
    if (task) this.emit('task', task);
  }
}
