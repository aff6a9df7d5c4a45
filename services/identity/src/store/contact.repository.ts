import type { ContactMessage } from "@genui/contracts/http";
import { randomUUID } from "node:crypto";
import { Schema, type Connection, type Model } from "mongoose";
import type { ContactInput } from "../domain/validation";

interface ContactRecord {
  _id: string;
  email: string;
  phoneNumber: string;
  subject: string;
  message: string;
  /** The signed-in sender, when there was one. */
  userId?: string;
  createdAt: Date;
}

const contactSchema = new Schema<ContactRecord>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    phoneNumber: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    userId: { type: String },
    createdAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

/** What `POST /contact/api/v1/create/` answers: the contract's ContactMessage. */
export type ContactView = ContactMessage;

export class ContactRepository {
  private readonly model: Model<ContactRecord>;

  constructor(conn: Connection) {
    this.model =
      (conn.models.Contact as Model<ContactRecord> | undefined) ??
      conn.model<ContactRecord>("Contact", contactSchema, "contacts");
  }

  async create(input: ContactInput, userId?: string): Promise<ContactView> {
    const record: ContactRecord = { _id: randomUUID(), ...input, ...(userId ? { userId } : {}), createdAt: new Date() };
    await this.model.create(record);
    return {
      id: record._id,
      email: record.email,
      phoneNumber: record.phoneNumber,
      subject: record.subject,
      message: record.message,
      createdAt: record.createdAt.toISOString(),
    };
  }
}
