//! Receipts (issue 13): the e-mail that carries a payment's or a refund's
//! receipt, and the same receipt as a printable HTML page (downloaded from
//! the booking page). Both show the same lines ([`receipt_lines`]); amounts
//! in rupees with Indian grouping from the domain crate; the tax fields a
//! registered business prints are there, with a dash where the business has
//! no number yet.

use html_escape::encode_text as text;

use super::{NOT_YET, ReceiptKind, SAC};
use crate::mail::booking_templates::{local_range, local_time};
use crate::mail::message::{Block, Parts, render};
use crate::mail::{BRAND, Email};
use crate::store::receipts::ReceiptDetail;

/// Why money went back, in the learner's words (`refunds.basis`).
fn basis_words(basis: &str) -> &'static str {
    match basis {
        "mentor_cancelled" => "The session was cancelled by the mentor or the platform",
        "mentor_no_show" => "The mentor missed the session",
        "learner_cancelled" => "You cancelled the session in time",
        "expired" => "The booking was not confirmed in time",
        "overpaid" => "A payment beyond the session's price",
        "unused" => "A refund you asked for before the session",
        "partial" => "A partial refund after the session",
        _ => "A refund",
    }
}

fn kind_of(d: &ReceiptDetail) -> ReceiptKind {
    ReceiptKind::parse(&d.receipt.kind).unwrap_or(ReceiptKind::Payment)
}

/// The receipt's title: "Payment receipt" or "Refund receipt".
pub fn title(d: &ReceiptDetail) -> &'static str {
    match kind_of(d) {
        ReceiptKind::Payment => "Payment receipt",
        ReceiptKind::Refund => "Refund receipt",
    }
}

/// The gateway's name as people know it.
fn gateway_words(gateway: Option<&str>) -> &'static str {
    match gateway {
        Some("razorpay") => "Razorpay",
        Some("sandbox") => "the sandbox test gateway (no money moved)",
        _ => "the payment gateway",
    }
}

/// How the learner paid, as people say it (Razorpay's `method`).
fn method_words(method: &str) -> String {
    match method {
        "upi" => "UPI".to_owned(),
        "card" => "card".to_owned(),
        "netbanking" => "net banking".to_owned(),
        "wallet" => "wallet".to_owned(),
        "emi" => "EMI".to_owned(),
        other => other.to_owned(),
    }
}

/// The receipt's lines, labelled, in the order both forms print them
/// (times in the learner's time zone).
pub fn receipt_lines(d: &ReceiptDetail) -> Vec<(&'static str, String)> {
    let r = &d.receipt;
    let kind = kind_of(d);
    let amount = domain_wasm::receipts::rupees_label(r.amount_paise.to_i64());
    let mut lines = vec![
        ("Receipt number", r.number.clone()),
        ("Issued", local_time(r.issued_at, &d.learner_zone)),
        ("Seller", BRAND.to_owned()),
        ("Seller GSTIN", NOT_YET.to_owned()),
        (
            "Billed to",
            format!("{} <{}>", d.learner_name, d.learner_email),
        ),
        (
            "Service",
            format!(
                "One-on-one mentoring session: {} with {} ({} min)",
                d.service_title, d.mentor_name, d.duration_minutes
            ),
        ),
        (
            "Session",
            local_range(d.start_at, d.end_at, &d.learner_zone),
        ),
        ("SAC", SAC.to_owned()),
        (
            "Booking reference",
            domain_wasm::naming::booking_reference(&r.booking_id),
        ),
    ];
    let payment_ref = d
        .gateway_payment_id
        .clone()
        .unwrap_or_else(|| NOT_YET.to_owned());
    match kind {
        ReceiptKind::Payment => {
            let method = d
                .method
                .as_deref()
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .map(|m| format!(", {}", method_words(m)))
                .unwrap_or_default();
            lines.push((
                "Paid through",
                format!("{}{method}", gateway_words(d.gateway.as_deref())),
            ));
            lines.push(("Payment reference", payment_ref));
            lines.push(("GST", NOT_YET.to_owned()));
            lines.push(("Amount paid", amount));
        }
        ReceiptKind::Refund => {
            lines.push((
                "Reason",
                basis_words(d.refund_basis.as_deref().unwrap_or_default()).to_owned(),
            ));
            lines.push((
                "Refund reference",
                d.gateway_refund_id
                    .clone()
                    .unwrap_or_else(|| NOT_YET.to_owned()),
            ));
            lines.push(("Original payment reference", payment_ref));
            lines.push(("GST", NOT_YET.to_owned()));
            lines.push(("Amount refunded", amount));
        }
    }
    lines
}

fn closing_note(d: &ReceiptDetail) -> String {
    let back = match kind_of(d) {
        ReceiptKind::Payment => "",
        ReceiptKind::Refund => {
            " A refund reaches the account you paid from, usually within 5–7 business days of this receipt, depending on your bank."
        }
    };
    format!(
        "Amounts are in Indian rupees. {BRAND} is not registered for GST yet, so no GST is charged and the GSTIN is left blank.{back}"
    )
}

/// The receipt e-mail to the learner: the receipt's lines and a link to
/// the booking page, where it can be downloaded.
pub fn receipt_email(d: &ReceiptDetail, booking_page: &str, support_email: &str) -> Email {
    let r = &d.receipt;
    let amount = domain_wasm::receipts::rupees_label(r.amount_paise.to_i64());
    let (kind, subject, intro) = match kind_of(d) {
        ReceiptKind::Payment => (
            "receipt_payment",
            format!("Your receipt {} for {amount}", r.number),
            format!(
                "Thank you for your payment of {amount} for “{}” with {}. Here is your receipt.",
                d.service_title, d.mentor_name
            ),
        ),
        ReceiptKind::Refund => (
            "receipt_refund",
            format!("Your refund receipt {} for {amount}", r.number),
            format!(
                "We have refunded {amount} for “{}” with {}. Here is your receipt.",
                d.service_title, d.mentor_name
            ),
        ),
    };
    let mut blocks = vec![
        Block::Para(intro),
        Block::Table(receipt_lines(d)),
        Block::Action {
            label: "Open your booking",
            link: booking_page.to_owned(),
        },
        Block::Note(format!(
            "You can download this receipt from your booking page at any time. {}",
            closing_note(d)
        )),
    ];
    let support = support_email.trim();
    if !support.is_empty() {
        blocks.push(Block::Note(format!(
            "Questions about this receipt? Write to {support} and quote its number."
        )));
    }
    render(Parts {
        kind,
        to: &d.learner_email,
        name: Some(&d.learner_name),
        subject,
        preheader: format!("{} {} — {amount}", title(d), r.number),
        blocks,
        footer: format!(
            "You are receiving this receipt because of a session booked at {BRAND}. It was sent automatically; replies to this address are not read."
        ),
        attachments: Vec::new(),
    })
}

/// The receipt as a printable HTML page (self-contained: inline styles,
/// no scripts, no images), every stored value escaped.
pub fn receipt_page(d: &ReceiptDetail, support_email: &str) -> String {
    let title = format!("{} {}", title(d), d.receipt.number);
    let mut rows = String::new();
    for (label, value) in receipt_lines(d) {
        let strong = label.starts_with("Amount");
        let value = if strong {
            format!("<strong>{}</strong>", text(&value))
        } else {
            text(&value).into_owned()
        };
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{value}</td></tr>\n",
            text(label)
        ));
    }
    let support = support_email.trim();
    let contact = if support.is_empty() {
        String::new()
    } else {
        format!(
            "<p>Questions about this receipt? Write to {} and quote its number.</p>\n",
            text(support)
        )
    };
    format!(
        "<!DOCTYPE html>\n\
         <html lang=\"en\">\n\
         <head>\n\
         <meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n\
         <style>\n\
         body {{ font-family: Arial, Helvetica, sans-serif; color: #111827; margin: 0; padding: 32px 16px; background: #ffffff; }}\n\
         main {{ max-width: 640px; margin: 0 auto; }}\n\
         .brand {{ font-size: 20px; font-weight: bold; color: #1d4ed8; margin: 0 0 8px 0; }}\n\
         h1 {{ font-size: 24px; margin: 0 0 24px 0; }}\n\
         table {{ width: 100%; border-collapse: collapse; margin: 0 0 24px 0; }}\n\
         th, td {{ text-align: left; vertical-align: top; padding: 8px 12px 8px 0; border-bottom: 1px solid #e5e7eb; font-size: 15px; }}\n\
         th {{ width: 38%; font-weight: normal; color: #4b5563; }}\n\
         p {{ font-size: 14px; line-height: 20px; color: #4b5563; }}\n\
         @media print {{ body {{ padding: 0; }} }}\n\
         </style>\n\
         </head>\n\
         <body>\n\
         <main>\n\
         <p class=\"brand\">{BRAND}</p>\n\
         <h1>{title}</h1>\n\
         <table>\n{rows}</table>\n\
         <p>{note}</p>\n\
         {contact}\
         </main>\n\
         </body>\n\
         </html>\n",
        title = text(&title),
        note = text(&closing_note(d)),
    )
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::store::receipts::ReceiptRow;

    fn detail(kind: &str) -> ReceiptDetail {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap();
        ReceiptDetail {
            receipt: ReceiptRow {
                id: 12,
                number: "MM-2026-000012".into(),
                kind: kind.into(),
                booking_id: "b-1".into(),
                learner_id: 3,
                payment_id: Some("p-1".into()),
                refund_id: (kind == "refund").then(|| "r-1".into()),
                amount_paise: domain_wasm::money::Paise::new(12_345_650),
                issued_at: at,
            },
            learner_name: "Asha <script>".into(),
            learner_email: "asha@example.com".into(),
            learner_zone: "Asia/Kolkata".into(),
            service_title: "Career chat & review".into(),
            duration_minutes: 60,
            start_at: at,
            end_at: at + chrono::TimeDelta::hours(1),
            mentor_name: "Ravi".into(),
            gateway: Some("razorpay".into()),
            gateway_payment_id: Some("pay_ABC".into()),
            method: Some("upi".into()),
            gateway_refund_id: (kind == "refund").then(|| "rfnd_XYZ".into()),
            refund_basis: (kind == "refund").then(|| "partial".into()),
        }
    }

    #[test]
    fn a_payment_receipt_shows_the_amount_in_indian_grouping_and_blank_gst() {
        let d = detail("payment");
        let lines = receipt_lines(&d);
        let get = |l: &str| {
            lines
                .iter()
                .find(|(label, _)| *label == l)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(get("Amount paid").as_deref(), Some("₹1,23,456.50"));
        assert_eq!(get("Seller GSTIN").as_deref(), Some("—"));
        assert_eq!(get("SAC").as_deref(), Some("999293"));
        assert_eq!(get("Payment reference").as_deref(), Some("pay_ABC"));
        assert_eq!(get("Booking reference").as_deref(), Some("MB-B1"));
        assert_eq!(get("Paid through").as_deref(), Some("Razorpay, UPI"));
        let mail = receipt_email(
            &d,
            "https://example.com/my-bookings/b-1",
            "help@example.com",
        );
        assert_eq!(mail.kind, "receipt_payment");
        assert_eq!(mail.to, "asha@example.com");
        assert!(mail.subject.contains("MM-2026-000012"), "{}", mail.subject);
        assert!(
            mail.text.contains("Amount paid: ₹1,23,456.50"),
            "{}",
            mail.text
        );
        assert!(!mail.html.contains("<script>"));
    }

    #[test]
    fn a_refund_receipt_names_the_refund_and_the_page_escapes_everything() {
        let d = detail("refund");
        let page = receipt_page(&d, "help@example.com");
        assert!(page.contains("Refund receipt MM-2026-000012"));
        assert!(page.contains("rfnd_XYZ"));
        assert!(page.contains("<strong>₹1,23,456.50</strong>"));
        assert!(page.contains("Asha &lt;script&gt;"));
        assert!(!page.contains("<script"));
        assert!(page.contains("Career chat &amp; review"));
        let mail = receipt_email(&d, "https://example.com/my-bookings/b-1", "");
        assert_eq!(mail.kind, "receipt_refund");
        assert!(mail.text.contains("Amount refunded: ₹1,23,456.50"));
    }
}
