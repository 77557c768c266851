/** The payables are read 50 bills a page ("More" asks for the next). */
export const PAGE_SIZE = 50;

/** The screen's address as it opens, with no bill to open (`?account=&order=` opens one). */
export const isPayablesList = (pathname: string, search: string): boolean =>
  /^\/payables\/list\/?$/i.test(pathname) && search.replace(/^\?/, '') === '';
