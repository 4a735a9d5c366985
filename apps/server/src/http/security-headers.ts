/**
 * Security headers on every answer (issue 18 item 6, OWASP ASVS 14.4): a Content
 * Security Policy the built web app satisfies, no framing, no MIME sniffing (JSON
 * included), no referrer, and HSTS only on requests that arrived over TLS (over
 * plain HTTP browsers ignore it, and a portal on http://127.0.0.1 must stay usable).
 *
 * The policy, directive by directive:
 * - scripts only from the portal itself (Vite emits module scripts, no inline ones);
 * - styles from the portal plus inline: Ant Design's CSS-in-JS writes <style>
 *   elements and style attributes at run time (a nonce cannot cover attributes);
 * - images from the portal, data: (captcha PNGs, logos stored as data URLs) and
 *   blob: (previews of picked files); fonts from the portal and data:;
 * - connections to the portal only ('self' covers its ws:/wss: in current browsers);
 * - no plugins, no <base> elsewhere, forms post to the portal, no framing.
 * The API description (/docs) sets its own policy (swagger-ui's staticCSP).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Not upgrade-insecure-requests: a portal served over plain HTTP would break itself.
  'upgrade-insecure-requests': null,
};

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below only when the request came over TLS.
    strictTransportSecurity: false,
    // Downloads and images are fetched by the portal's own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
