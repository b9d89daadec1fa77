import { useParams, useSearchParams } from 'react-router';
import { CORRECTION_QUESTION_PARAM } from '@steward/contract/inform-the-bot';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InformTheBotList } from '../../features/inform-the-bot/components/inform-the-bot-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function InformTheBotScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  const [searchParams] = useSearchParams();
  const question = searchParams.get(CORRECTION_QUESTION_PARAM)?.trim() || undefined;
  return <InformTheBotList pageIndex={pageIndexFromRoute(page)} viewer={viewer} correctionQuestion={question} />;
}
