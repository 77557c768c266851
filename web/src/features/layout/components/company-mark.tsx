import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth';
import { companyLogoQuery } from '../../../lib/company-logo';

/**
 * The company in the top bar: its logo (the company name as its text) when it has one, else its
 * name. Hidden on small screens. A logo that cannot be read leaves the name. Read once a visit: a
 * new logo shows at the next page load, or at once for the Admin who saved it.
 */
export function CompanyMark() {
  const name = useSession()?.profile.Company?.Name ?? '';
  const logo = useQuery({ ...companyLogoQuery(), staleTime: Infinity, retry: false }).data?.Logo;
  if (logo)
    return (
      <Box
        component="img"
        src={`data:${logo.ContentType};base64,${logo.Data}`}
        alt={name}
        data-testid="company-logo"
        sx={{ display: { xs: 'none', sm: 'block' }, height: 36, maxWidth: 160, objectFit: 'contain' }}
      />
    );
  return (
    <Typography
      variant="subtitle1"
      color="text.secondary"
      sx={{ display: { xs: 'none', sm: 'block' } }}
      data-testid="company-name"
      noWrap
    >
      {name}
    </Typography>
  );
}
