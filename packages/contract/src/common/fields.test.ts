import { describe, expect, it } from 'vitest';
import { faqQuestionInputSchema } from '../content/content.schema.ts';
import { MESSAGES } from '../messages.ts';
import { shopReservationRequestSchema } from '../reservations/reservations.schema.ts';
import { emailField, requiredText } from './fields.ts';

/** The audit's address: `a@`, a run of dots, `@` (its pattern used to backtrack quadratically on the dots). */
const hostileEmail = (length: number) => `a@${'.'.repeat(length - 3)}@`;

describe('length checks abort before any pattern or refinement', () => {
  it('refuses a too long e-mail address with the length message only, never reading it with the pattern', () => {
    const r = emailField.safeParse(hostileEmail(5_000));
    expect(r.success).toBe(false);
    // Had the pattern run, a second issue would quote all 5,000 characters back.
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Maximaal 256 tekens']);
  });

  it('refuses an empty e-mail address with the required message only', () => {
    expect(emailField.safeParse('  ').error?.issues.map((i) => i.message)).toEqual([MESSAGES.emailRequired]);
  });

  it('stops a too long rich text at its length, before the check for visible text', () => {
    const r = faqQuestionInputSchema.safeParse({ question: 'Vraag', answer: ' '.repeat(20_001) });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.bodyTooLarge]);
  });

  it('stops a too long text at its length', () => {
    const r = requiredText('Verplicht', 10).safeParse('x'.repeat(11));
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Maximaal 10 tekens']);
  });

  it('stops a too long zip code before its pattern', () => {
    const r = shopReservationRequestSchema.shape.zipCode.safeParse('1'.repeat(100_000));
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.zipCodeInvalid]);
  });
});

describe('the e-mail pattern', () => {
  it.each(['jan@example.nl', 'jan.de.vries+atelier@sub.example.co.uk', 'a@b.c', 'a@b..c'])('accepts %s', (email) => {
    expect(emailField.safeParse(email).success).toBe(true);
  });

  it.each([
    'jan',
    'jan@example',
    'jan@@example.nl',
    'jan de vries@example.nl',
    'jan@.example',
    '@example.nl',
    'jan@example.',
    hostileEmail(256),
  ])('refuses %s with the message that quotes it', (email) => {
    const r = emailField.safeParse(email);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.emailInvalid(email)]);
  });
});
