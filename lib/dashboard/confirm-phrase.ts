/** What an owner types to delete their account: a slip of the mouse cannot do it. */
export const CONFIRM_PHRASE = "delete my account";
