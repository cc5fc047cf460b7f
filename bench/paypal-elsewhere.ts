// PayPal's side of bench/money.mjs in a process of its own (`fork` with tsx): every PayPal webhook is verified by
// a call to PayPal, and PayPal's answer (an HTTP server and an RSA check) is not the server's work. The parent asks
// for signed notifications over the IPC channel; the stand-in answers the verify calls on its own port.
import { startStandInPayPal } from '../apps/server/test/stand-in-paypal.ts';

const paypal = await startStandInPayPal();
process.on('message', (message: { id: number; eventType: string; resource: Record<string, unknown> }) => {
  process.send!({ id: message.id, notification: paypal.notification(message.eventType, message.resource) });
});
process.on('disconnect', () => void paypal.close().then(() => process.exit(0)));
process.send!({
  ready: {
    url: paypal.url,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    webhookId: paypal.webhookId,
  },
});
