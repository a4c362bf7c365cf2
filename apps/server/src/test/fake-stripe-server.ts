import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one Stripe API call the app makes (creating a Checkout session), answered on a loopback
 * port, so the Stripe path is tested offline through the `stripe` package itself.
 */
export async function startFakeStripeServer() {
  const sessions: Array<{ id: string; form: URLSearchParams; authorization: string }> = [];
  const state = { down: false };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (state.down) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error' } }));
      }
      const id = `cs_test_${sessions.length + 1}`;
      sessions.push({
        id,
        form: new URLSearchParams(raw),
        authorization: req.headers.authorization ?? '',
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    /** Answers every call with a 500 while set. */
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
