/**
 * What a signed-in user sees of platform notices (SPEC §1, §8): on sign-in the
 * notices aimed at them are fetched (notice/getClientUserNotice with user_id),
 * and fetched again whenever /socket/ pushes a notice. The newest unread notice
 * with is_float false and a title is the banner; a pushed notice that is
 * floating or has no title clears it. Unread floating notices appear as
 * persistent pop-ups after 250–750 ms, with a download link for an attachment.
 * Closing a banner or pop-up marks the notice read. Socket and fetch failures
 * are only logged.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, notification } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { subscribeSocket } from '../../api/socket.ts';
import { useSession } from '../../app/session-store.ts';
import { Markdown } from '../help/Markdown.tsx';
import { type ClientNotice, clientNotices, downloadAttachment, markRead } from './api.ts';
import './texts.ts';

/** SPEC §9: floating notices appear after 250 to 750 ms. */
const floatDelay = () => 250 + Math.floor(Math.random() * 500);

function AttachmentLink({ n }: { n: ClientNotice }) {
  const { t } = useTranslation();
  if (!n.attachment) return null;
  return (
    <Button type="link" size="small" icon={<PaperClipOutlined />} style={{ paddingInline: 0 }} data-testid="notice-attachment" onClick={() => downloadAttachment(n.id, n.attachment_name).catch((err: unknown) => console.warn('notice: attachment', err))}>
      {n.attachment_name || t('notices.download')}
    </Button>
  );
}

export function NoticeCenter() {
  const { user } = useSession();
  const [api, holder] = notification.useNotification({ stack: { threshold: 3 } });
  const [banner, setBanner] = useState<ClientNotice | null>(null);
  const shown = useRef(new Set<number>());
  const timers = useRef(new Set<number>());
  const userId = user?.user_id;

  const read = (id: number) => void markRead([id]).catch((err: unknown) => console.warn('notice: read', err));

  const refresh = useCallback(async () => {
    if (userId === undefined) return;
    let list: ClientNotice[];
    try {
      list = await clientNotices(userId);
    } catch (err) {
      console.warn('notice: fetch failed', err);
      return;
    }
    const unread = list.filter((n) => !n.read);
    setBanner(unread.find((n) => !n.is_float && n.title) ?? null);
    for (const n of unread.filter((x) => x.is_float && !shown.current.has(x.id))) {
      shown.current.add(n.id);
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        api.open({
          key: `notice-${n.id}`,
          message: <span data-testid="notice-float-title">{n.title}</span>,
          description: (
            <div data-testid="notice-float">
              <Markdown source={n.content} />
              <AttachmentLink n={n} />
            </div>
          ),
          duration: 0,
          placement: 'topRight',
          onClose: () => read(n.id),
        });
      }, floatDelay());
      timers.current.add(timer);
    }
  }, [api, userId]);

  useEffect(() => {
    if (userId === undefined) return;
    void refresh();
    const unsubscribe = subscribeSocket((m) => {
      if (m.type !== 'notice') return;
      // SPEC §8: a pushed notice that is floating or untitled clears the banner; the list then says what shows.
      if (m.notice.is_float || !m.notice.title) setBanner(null);
      void refresh();
    });
    const pending = timers.current;
    return () => {
      unsubscribe();
      for (const t of pending) window.clearTimeout(t);
      pending.clear();
    };
  }, [refresh, userId]);

  return (
    <>
      {holder}
      {banner ? (
        <Alert
          className="citadel-notice-banner"
          type="info"
          showIcon
          banner
          closable
          data-testid="notice-banner"
          message={<strong data-testid="notice-banner-title">{banner.title}</strong>}
          description={
            <>
              <Markdown source={banner.content} />
              <AttachmentLink n={banner} />
            </>
          }
          onClose={() => {
            read(banner.id);
            setBanner(null);
          }}
        />
      ) : null}
    </>
  );
}
