import type { ContactInput } from "../domain/validation";
import type { ContactRepository, ContactView } from "../store/contact.repository";

/** The contact form: a message to the team, from anyone (signed in or not). */
export class Contacts {
  constructor(private readonly contacts: ContactRepository) {}

  /** Records a message; `userId` is the signed-in sender, when there is one. */
  create(input: ContactInput, userId?: string): Promise<ContactView> {
    return this.contacts.create(input, userId);
  }
}
