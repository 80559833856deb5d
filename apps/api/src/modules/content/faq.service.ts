import { type Faq, type FaqQuestion, MESSAGES, type saveFaqQuestionsSchema } from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { faqQuestions, faqs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { Actor } from '../../plugins/auth.ts';

async function questionsOf(db: DbOrTx, faqId: string): Promise<FaqQuestion[]> {
  const rows = await db
    .select({ id: faqQuestions.id, question: faqQuestions.question, answer: faqQuestions.answer })
    .from(faqQuestions)
    .where(eq(faqQuestions.faqId, faqId))
    .orderBy(asc(faqQuestions.position));
  return rows;
}

export async function getFaq(ctx: AppContext, id: string): Promise<Faq> {
  const [faq] = await ctx.db.select().from(faqs).where(eq(faqs.id, id));
  if (!faq) throw notFound();
  return { id: faq.id, name: faq.name, questions: await questionsOf(ctx.db, id) };
}

/**
 * One save for the whole list. The list replaces what was stored, in the order given; existing pairs
 * keep their id. Answers use the basic toolbar (bold, italic, underline, strike, link).
 */
export async function saveFaqQuestions(
  ctx: AppContext,
  actor: Actor,
  faqId: string,
  input: z.output<typeof saveFaqQuestionsSchema>,
): Promise<FaqQuestion[]> {
  const cleaned = input.map((q, index) => {
    const answer = sanitizeRichText(q.answer, { profile: 'basic', publicUrl: ctx.config.publicUrl });
    if (isBlankRichText(answer)) {
      throw new AppError('Validation', MESSAGES.faqAnswerRequired, [
        { message: MESSAGES.faqAnswerRequired, members: [`${index}.answer`] },
      ]);
    }
    return { id: q.id || null, question: q.question, answer };
  });
  return ctx.db.transaction(async (tx) => {
    const [faq] = await tx.select({ id: faqs.id }).from(faqs).where(eq(faqs.id, faqId));
    if (!faq) throw notFound();
    const existing = new Set((await questionsOf(tx, faqId)).map((q) => q.id));
    await tx.delete(faqQuestions).where(eq(faqQuestions.faqId, faqId));
    const kept = new Set<string>();
    const values = cleaned.map((q, position) => {
      // An id that is not (or no longer, or twice) in this FAQ becomes a new pair.
      const keep = q.id && existing.has(q.id) && !kept.has(q.id) ? q.id : undefined;
      if (keep) kept.add(keep);
      return { ...(keep ? { id: keep } : {}), faqId, question: q.question, answer: q.answer, position };
    });
    if (values.length > 0) await tx.insert(faqQuestions).values(values);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'faq.saveQuestions',
      entityType: 'faq',
      entityId: faqId,
      data: { count: values.length },
    });
    return questionsOf(tx, faqId);
  });
}
