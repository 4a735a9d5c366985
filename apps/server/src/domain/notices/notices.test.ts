/**
 * Notices end to end on the server: the administrator writes, targets, publishes
 * and withdraws; users receive only what is aimed at them, live over /socket/ and
 * by getClientUserNotice; read state; attachments through the upload rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----citadelnotice';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="__files__"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

describe('notices', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let aliceCustomer: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, 'alice', { customerKey: 'cust-a' });
    await createUser(t, 'bob', { customerKey: 'cust-b' });
    alice = (await login(t, 'alice', TEST_USER_PASSWORD)).headers;
    bob = (await login(t, 'bob', TEST_USER_PASSWORD)).headers;
    aliceCustomer = (await t.services.customers.findByKey('cust-a'))!.id;
  });
  afterAll(async () => t?.stop());

  it('only the platform administrator edits notices', async () => {
    const res = await post(t.app, '/notice/add', { title: 'x', content: 'y' }, alice);
    expect(res.status).toBe(403);
    expect((await post(t.app, '/notice/list', {}, alice)).status).toBe(403);
  });

  it('delivers a published notice to its target customer only, live and on fetch, with read state', async () => {
    const ws = await t.app.injectWS('/socket/');
    ws.send(JSON.stringify({ type: 'auth', user: 'alice', token: alice.token }));
    const wsBob = await t.app.injectWS('/socket/');
    wsBob.send(JSON.stringify({ type: 'auth', user: 'bob', token: bob.token }));
    const bobHeard: unknown[] = [];
    wsBob.on('message', (d: Buffer) => bobHeard.push(JSON.parse(d.toString())));
    const pushed = new Promise<{ notice: { title: string; is_float: boolean } }>((resolve) =>
      ws.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'notice') resolve(m);
      }),
    );
    // Let both sockets authenticate before publishing.
    await new Promise((r) => setTimeout(r, 300));
    const created = await post(t.app, '/notice/add', { title: '维护通知', content: '**今晚**维护', is_float: true, customer_ids: [aliceCustomer], status: 'published' }, admin);
    expect(created.status).toBe(200);
    const m = await pushed;
    expect(m.notice).toMatchObject({ title: '维护通知', is_float: true });

    const mine = await post(t.app, '/notice/getClientUserNotice', { user_id: 'alice' }, alice);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, title: '维护通知', read: false })]);
    expect((await post(t.app, '/notice/getClientUserNotice', {}, bob)).body.data).toEqual([]);
    // Asking for someone else's notices is refused.
    expect((await post(t.app, '/notice/getClientUserNotice', { user_id: 'bob' }, alice)).status).toBe(403);

    await post(t.app, '/notice/read', { ids: [created.body.data.id] }, alice);
    expect((await post(t.app, '/notice/getClientUserNotice', {}, alice)).body.data[0].read).toBe(true);
    // Bob cannot mark (or learn of) a notice not aimed at him.
    expect((await post(t.app, '/notice/read', { ids: [created.body.data.id] }, bob)).status).toBe(200);

    // Withdrawing pushes an empty banner notice (clears the banner) and the notice is gone.
    const withdrawn = new Promise<{ notice: { title: string } }>((resolve) =>
      ws.on('message', (d: Buffer) => {
        const x = JSON.parse(d.toString());
        if (x.type === 'notice' && x.notice.title === '') resolve(x);
      }),
    );
    await post(t.app, '/notice/status', { id: created.body.data.id, status: 'draft' }, admin);
    await withdrawn;
    expect((await post(t.app, '/notice/getClientUserNotice', {}, alice)).body.data).toEqual([]);
    expect(bobHeard.filter((x) => (x as { type: string }).type === 'notice')).toEqual([]);
    ws.terminate();
    wsBob.terminate();
  });

  it('keeps notices to their display window', async () => {
    const future = Date.now() + 3600_000;
    await post(t.app, '/notice/add', { title: '明天', content: 'later', start_at: future, status: 'published' }, admin);
    await post(t.app, '/notice/add', { title: '过期', content: 'gone', end_at: Date.now() - 1000, status: 'published' }, admin);
    const titles = (await post(t.app, '/notice/getClientUserNotice', {}, bob)).body.data.map((n: { title: string }) => n.title);
    expect(titles).not.toContain('明天');
    expect(titles).not.toContain('过期');
    expect((await post(t.app, '/notice/add', { title: 'bad', content: 'x', start_at: 2000, end_at: 1000 }, admin)).body.error).toBe('illegal_parameter');
  });

  it('takes attachments through the upload rules and serves them to targeted users only', async () => {
    const created = await post(t.app, '/notice/add', { title: '附件', content: 'see file', customer_ids: [aliceCustomer], status: 'published' }, admin);
    const id = String(created.body.data.id);
    const upload = (name: string, bytes: Buffer) => t.app.inject({ method: 'POST', url: '/notice/upload', headers: { ...admin, ...multipart({ id }, { name, bytes }).headers }, payload: multipart({ id }, { name, bytes }).payload });
    // A "png" that is not one, an image over 500 KB, an executable: refused with catalogue errors.
    expect((await upload('fake.png', Buffer.from('hello'))).json().error).toBe('image_invalid');
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    expect((await upload('big.png', big)).json().error).toBe('image_invalid');
    const exe = await upload('tool.exe', Buffer.from('MZ'));
    expect(exe.json()).toMatchObject({ error: 'file_only_supports' });
    expect(exe.json().message).toContain('png');
    expect((await upload('doc.pdf', Buffer.from('not a pdf'))).json().error).toBe('wrong_file_format');
    const ok = await upload('说明.png', PNG);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data[0]).toMatchObject({ name: '说明.png', size: PNG.length });

    const mine = (await post(t.app, '/notice/getClientUserNotice', {}, alice)).body.data.find((n: { id: number }) => n.id === Number(id));
    expect(mine).toMatchObject({ attachment: `/notice/attachment?id=${id}`, attachment_name: '说明.png' });
    const ticket = await post(t.app, '/notice/attachmentTicket', { id: Number(id) }, alice);
    const file = await t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The ticket is single-use, and bob (another customer) gets no ticket at all.
    expect((await t.app.inject({ method: 'GET', url: ticket.body.data.url })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await post(t.app, '/notice/attachmentTicket', { id: Number(id) }, bob)).body.error).toBe('not_found');
  });
});
