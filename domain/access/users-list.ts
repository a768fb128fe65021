// The admins' users list (docs/product/roles-and-access.md#users-list): its page size, shared by the page and the server.
export const USERS_PAGE_SIZE = 25;
