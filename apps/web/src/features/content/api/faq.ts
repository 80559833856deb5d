import {
  type Faq,
  type FaqQuestion,
  type FaqQuestionInput,
  faqQuestionsResponseSchema,
  faqSchema,
} from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { contentKeys } from './content-keys.ts';

export function getFaq(id: string): Promise<Faq> {
  return apiClient.request(`faq/${id}`, { schema: faqSchema });
}

export function useFaq(id: string) {
  return useQuery({ queryKey: contentKeys.faq(id), queryFn: () => getFaq(id) });
}

/** One call saves the whole list (spec 2.15, 7.3). */
export function saveFaqQuestions({
  faqId,
  questions,
}: {
  faqId: string;
  questions: FaqQuestionInput[];
}): Promise<FaqQuestion[]> {
  return apiClient.request(`faq/questions?id=${encodeURIComponent(faqId)}`, {
    method: 'POST',
    body: questions,
    schema: faqQuestionsResponseSchema,
  });
}

export function useSaveFaqQuestions() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveFaqQuestions,
    onSuccess: (questions, { faqId }) =>
      queryClient.setQueryData<Faq>(contentKeys.faq(faqId), (faq) => (faq ? { ...faq, questions } : faq)),
  });
}
