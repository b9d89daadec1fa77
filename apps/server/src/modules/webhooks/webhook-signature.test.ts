import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders, webhookSignature } from './webhook-signature.ts';

describe('the Standard Webhooks signature', () => {
  it('matches the test vector of the specification’s reference libraries', () => {
    // libraries/javascript/src/webhook.test.ts ("sign function works") in github.com/standard-webhooks/standard-webhooks.
    expect(webhookSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('makes secrets of 32 random bytes the reference verifier accepts, one signature per secret', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    expect(Buffer.from(old.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(old).not.toBe(fresh);
    const body = '{"type":"help_request.created"}';
    const headers = signedHeaders([fresh, old], 'msg_one', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(body, headers)).toEqual({ type: 'help_request.created' });
    expect(new Webhook(fresh).verify(body, headers)).toEqual({ type: 'help_request.created' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
