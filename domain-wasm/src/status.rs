//! The statuses the server stores and answers with (issue 23: "store rows
//! decode straight into the crate's enums"): one enum each, declared with
//! [`stored_status!`] in the module that owns it, its text the same in the
//! database, the API's JSON and the gateway's.

/// Declares a stored status: the enum (serde with each variant's text),
/// `ALL`, `as_str`, `parse`, `Display`, and `TryFrom<String>` (the store
/// decodes rows with it, `#[sqlx(try_from = "String")]`; an unknown text is
/// an error naming it).
macro_rules! stored_status {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident ($what:literal) {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        $vis enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            /// Every status, in order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The status's text, as stored and answered.
            pub fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The status of a text that [`Self::as_str`] gives; `None` for any other.
            pub fn parse(name: &str) -> Option<$name> {
                match name {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        /// A stored status's text: an unknown one is an error naming it.
        impl TryFrom<String> for $name {
            type Error = String;

            fn try_from(name: String) -> Result<$name, String> {
                $name::parse(&name).ok_or_else(|| format!(concat!("unknown ", $what, " {:?}"), name))
            }
        }
    };
}

pub(crate) use stored_status;

#[cfg(test)]
mod tests {
    crate::status::stored_status! {
        /// A test status.
        pub enum Colour ("colour") {
            Red = "red",
            /// Two words.
            DarkBlue = "dark_blue",
        }
    }

    #[test]
    fn a_stored_status_round_trips_its_text() {
        for c in Colour::ALL {
            assert_eq!(Colour::parse(c.as_str()), Some(*c));
            assert_eq!(c.to_string(), c.as_str());
            assert_eq!(serde_json::to_value(c).expect("JSON"), c.as_str());
            assert_eq!(Colour::try_from(c.as_str().to_owned()), Ok(*c));
        }
        assert_eq!(Colour::DarkBlue.as_str(), "dark_blue");
        assert_eq!(
            Colour::try_from("green".to_owned()),
            Err("unknown colour \"green\"".to_owned())
        );
        assert_eq!(
            serde_json::from_str::<Colour>("\"dark_blue\"").expect("a colour"),
            Colour::DarkBlue
        );
    }
}
