import { useParams } from 'react-router';
import aiAnalyticsEn from '../../locales/aiAnalytics.en.json';
import aiAnalyticsHe from '../../locales/aiAnalytics.he.json';
import { AiAnalyticsScreen } from './components/ai-analytics-screen';
import { GroupPromptsScreen } from './components/group-prompts-screen';

/** /ai_analytics */
export function AiAnalyticsRoute() {
  return <AiAnalyticsScreen />;
}

/** /accounts/{accountId}/groupTypePrompts/list; the key resets the screen per account. */
export function GroupPromptsRoute() {
  const id = Number(useParams().accountId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <GroupPromptsScreen key={id} accountId={id} />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { aiAnalytics: { he: aiAnalyticsHe, en: aiAnalyticsEn } };
