//! Payments for bookings as our books keep them (issue 12, issue 19): an
//! order at the gateway per attempt to pay, captured once.

crate::status::stored_status! {
    /// Where one of our payments (an order at the gateway) stands.
    pub enum PaymentStatus ("payment status") {
        /// Ordered; nothing received yet.
        Created = "created",
        /// The money was received for the booking.
        Captured = "captured",
        /// Nothing was taken, or money was taken for a booking another
        /// payment had paid (owed back).
        Failed = "failed",
    }
}
