import { endpoints, type Faq, type FaqQuestion, type FaqQuestionInput } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { faqKeys } from './content-keys.ts';

export function getFaq(id: string): Promise<Faq> {
  return api(endpoints.getFaq, { params: { id } });
}

export function useFaq(id: string) {
  return useQuery({ queryKey: faqKeys.detail(id), queryFn: () => getFaq(id) });
}

/** One call saves the whole list. */
export function saveFaqQuestions({
  faqId,
  questions,
}: {
  faqId: string;
  questions: FaqQuestionInput[];
}): Promise<FaqQuestion[]> {
  return api(endpoints.saveFaqQuestions, { query: { id: faqId }, body: questions });
}

export function useSaveFaqQuestions() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveFaqQuestions,
    onSuccess: (questions, { faqId }) =>
      queryClient.setQueryData<Faq>(faqKeys.detail(faqId), (faq) => (faq ? { ...faq, questions } : faq)),
  });
}
