/**
 * A task's preview (row, assessment, rule texts) kept live: loaded for the
 * `task_uid`, reloaded when the UI language changes (rule texts come in it) and
 * when the socket says the task finished; other pushes update the row in place.
 * Every result page (app evaluations, compliance, firmware, network) uses it.
 */
import { useEffect, useState } from 'react';
import type { TaskPreviewAnswer } from '@citadel/contracts';
import { previewTask } from '../../api/tasks.ts';
import { subscribeTaskPushes } from '../../api/socket.ts';
import { useLang } from '../../locales/i18n.ts';

export type PreviewState = 'loading' | 'ready' | 'failed';

export function useTaskPreview(uid: string): { answer: TaskPreviewAnswer | null; state: PreviewState } {
  const lang = useLang();
  const [answer, setAnswer] = useState<TaskPreviewAnswer | null>(null);
  const [state, setState] = useState<PreviewState>('loading');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!uid) {
      setState('failed');
      return;
    }
    let live = true;
    setState((s) => (s === 'ready' ? s : 'loading'));
    previewTask(uid)
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [uid, lang, reloads]);

  useEffect(
    () =>
      subscribeTaskPushes((push) => {
        if (push.task_uid !== uid) return;
        setAnswer((a) => (a ? { ...a, task: { ...a.task, ...push } } : a));
        if (push.status === 'FINISHED') setReloads((n) => n + 1);
      }),
    [uid],
  );

  return { answer, state };
}
