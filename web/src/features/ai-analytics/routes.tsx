import { useParams } from 'react-router';
import { AiAnalyticsScreen } from './components/ai-analytics-screen';
import { GroupPromptsScreen } from './components/group-prompts-screen';
import { areaCatalogues } from '../../locales/areas';

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

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('aiAnalytics');
