//! `#[export]`: the one annotation that exposes a rule of `domain-wasm`.
//!
//! ```ignore
//! /// The rating to one decimal; `New` for 0 when `newWhenZero`.
//! #[export]
//! pub fn rating_label(rating: f64, new_when_zero: bool) -> String { … }
//!
//! #[export(js_name = "priceLabel")]
//! pub fn price_label_of(price: f64, context: PriceContext) -> Result<String, BadInput> { … }
//! ```
//!
//! The function stays as written. Next to it the macro generates:
//!
//! - under feature `wasm`, a wasm-bindgen export named in camelCase (or
//!   `js_name`) in each module the attribute names, the home page's when it
//!   names none (`home`): `on_demand`, the module the web app loads on
//!   demand for later screens (feature `on-demand`); `passwords`, the
//!   screens that set a password (feature `passwords`: it carries the
//!   common-password list, which no other module may); `dashboards`, the
//!   mentor's and admin's dashboards (feature `dashboards`: it carries
//!   chrono-tz's IANA time-zone database, which no other module may);
//!   `mentoring`, the mentor application form and the mentor's dashboard
//!   (feature `mentoring`: only applicants and mentors use these forms, so
//!   no other screen pays for them); `learner`, the one module a learner's
//!   screens load (feature `learner`), named beside the rule's own module
//!   (`#[export(home, learner)]`); with camelCase
//!   parameter names, the function's doc comment as its JSDoc, and TypeScript types read from the Rust signature: plain
//!   values cross as themselves, other types as the type of the same name
//!   that `tsify` declares from the Rust type (results through serde,
//!   arguments through `crate::bindings::FromJson`);
//! - natively, an entry in the `crate::export` table (with `inventory`), so
//!   the vector and differential runners call every export by its JS name
//!   with JSON arguments.
//!
//! A `Result<T, E>` return throws `E`'s `Display` text in JavaScript.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use quote::{format_ident, quote};
use syn::{
    Attribute, FnArg, GenericArgument, Ident, ItemFn, LitStr, Pat, PathArguments, ReturnType, Type,
    parse_macro_input, spanned::Spanned,
};

#[proc_macro_attribute]
pub fn export(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut js_name: Option<LitStr> = None;
    let mut modules: Vec<Module> = Vec::new();
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("js_name") {
            js_name = Some(meta.value()?.parse()?);
            return Ok(());
        }
        let Some(chosen) = Module::ALL
            .iter()
            .copied()
            .find(|m| meta.path.is_ident(m.name()))
        else {
            return Err(meta.error(
                "expected `js_name = \"…\"` or modules: `home`, `on_demand`, `passwords`, `dashboards`, `mentoring`, `learner`",
            ));
        };
        if modules.contains(&chosen) {
            return Err(meta.error("a module named twice"));
        }
        modules.push(chosen);
        Ok(())
    });
    parse_macro_input!(attr with parser);
    let function = parse_macro_input!(item as ItemFn);
    if modules.is_empty() {
        modules.push(Module::Home);
    }
    match expand(&function, js_name, &modules) {
        Ok(generated) => quote!(#function #generated).into(),
        Err(e) => {
            let e = e.to_compile_error();
            quote!(#function #e).into()
        }
    }
}

/// A wasm module an export is in (an export may be in several).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Module {
    /// The home page's (feature `wasm` alone); `#[export]` without a module.
    Home,
    /// The one loaded on demand for later screens (feature `on-demand`).
    OnDemand,
    /// The one of the screens that set a password (feature `passwords`).
    Passwords,
    /// The one of the dashboards, with the IANA time zones (feature `dashboards`).
    Dashboards,
    /// The one of the mentor application form and the mentor's dashboard
    /// (feature `mentoring`).
    Mentoring,
    /// The learner's screens' (feature `learner`): everything a screen a
    /// learner opens calls (the app's shell, a mentor's page, the booking
    /// screens, the learner's dashboard), in one module that replaces the
    /// home page's on those screens, without the IANA time zones.
    Learner,
}

impl Module {
    const ALL: [Module; 6] = [
        Module::Home,
        Module::OnDemand,
        Module::Passwords,
        Module::Dashboards,
        Module::Mentoring,
        Module::Learner,
    ];

    /// Its name in `#[export(…)]`.
    fn name(self) -> &'static str {
        match self {
            Module::Home => "home",
            Module::OnDemand => "on_demand",
            Module::Passwords => "passwords",
            Module::Dashboards => "dashboards",
            Module::Mentoring => "mentoring",
            Module::Learner => "learner",
        }
    }

    /// The `cfg` predicate of a build of this module.
    fn cfg(self) -> TokenStream2 {
        match self {
            Module::Home => quote!(all(
                feature = "wasm",
                not(feature = "on-demand"),
                not(feature = "passwords"),
                not(feature = "dashboards"),
                not(feature = "mentoring"),
                not(feature = "learner")
            )),
            Module::OnDemand => quote!(feature = "on-demand"),
            Module::Passwords => quote!(feature = "passwords"),
            Module::Dashboards => quote!(feature = "dashboards"),
            Module::Mentoring => quote!(feature = "mentoring"),
            Module::Learner => quote!(feature = "learner"),
        }
    }
}

/// The shape of a Rust type at the JavaScript boundary.
enum Shape {
    /// Numbers, booleans, `String`, `Option` of those: wasm-bindgen passes them as they are.
    Plain,
    /// `&str`, passed as is.
    Str,
    /// `Option<&str>`: wasm-bindgen takes `Option<String>`.
    OptStr,
    /// `&'static str` / `Option<&'static str>` results: copied out.
    StaticStr,
    OptStaticStr,
    /// `&[f64]`, `&[u32]`: a typed array or a plain array.
    Slice(&'static str),
    /// `&[&str]`: a string array.
    StrSlice,
    /// Anything else: a JavaScript value of the TypeScript type of the same name.
    Js(String),
}

fn last_ident(ty: &Type) -> Option<(&Ident, &PathArguments)> {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            let seg = p.path.segments.last()?;
            Some((&seg.ident, &seg.arguments))
        }
        _ => None,
    }
}

fn generic_arg(args: &PathArguments, n: usize) -> Option<&Type> {
    match args {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .nth(n),
        _ => None,
    }
}

fn is_number(name: &str) -> bool {
    matches!(
        name,
        "f64" | "f32" | "u8" | "u16" | "u32" | "i8" | "i16" | "i32" | "usize" | "isize"
    )
}

fn is_str_ref(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str")),
        _ => false,
    }
}

/// The TypeScript spelling of a Rust type, for `unchecked_*_type`.
fn ts(ty: &Type) -> String {
    if is_str_ref(ty) {
        return "string".into();
    }
    match ty {
        Type::Reference(r) => ts(&r.elem),
        Type::Slice(s) => array_of(&s.elem),
        Type::Array(a) => array_of(&a.elem),
        Type::Paren(p) => ts(&p.elem),
        _ => match last_ident(ty) {
            Some((id, args)) => {
                let name = id.to_string();
                match name.as_str() {
                    "String" | "str" => "string".into(),
                    "bool" => "boolean".into(),
                    n if is_number(n) => "number".into(),
                    "Vec" | "Box" if generic_arg(args, 0).is_some() => {
                        let inner = generic_arg(args, 0).expect("checked");
                        if name == "Vec" {
                            array_of(inner)
                        } else {
                            ts(inner)
                        }
                    }
                    "Option" => match generic_arg(args, 0) {
                        Some(inner) => format!("{} | undefined", ts(inner)),
                        None => "unknown".into(),
                    },
                    "Result" => generic_arg(args, 0).map_or("unknown".into(), ts),
                    _ => name,
                }
            }
            None => "unknown".into(),
        },
    }
}

fn array_of(elem: &Type) -> String {
    let inner = ts(elem);
    if inner.contains(' ') {
        format!("({inner})[]")
    } else {
        format!("{inner}[]")
    }
}

fn plain(ty: &Type) -> bool {
    match last_ident(ty) {
        Some((id, args)) => {
            let name = id.to_string();
            name == "bool"
                || name == "String"
                || is_number(&name)
                || (name == "Option" && generic_arg(args, 0).is_some_and(plain))
        }
        None => false,
    }
}

fn arg_shape(ty: &Type) -> Shape {
    if is_str_ref(ty) {
        return Shape::Str;
    }
    if plain(ty) {
        return Shape::Plain;
    }
    if let Some((id, args)) = last_ident(ty) {
        if id == "Option" && generic_arg(args, 0).is_some_and(is_str_ref) {
            return Shape::OptStr;
        }
        if id == "Vec"
            && generic_arg(args, 0)
                .is_some_and(|t| last_ident(t).is_some_and(|(i, _)| i == "String"))
        {
            return Shape::Plain;
        }
    }
    if let Type::Reference(r) = ty
        && let Type::Slice(s) = &*r.elem
    {
        if is_str_ref(&s.elem) {
            return Shape::StrSlice;
        }
        match last_ident(&s.elem).map(|(i, _)| i.to_string()).as_deref() {
            Some("f64") => return Shape::Slice("Float64Array | number[]"),
            Some("u32") => return Shape::Slice("Uint32Array | number[]"),
            _ => {}
        }
    }
    Shape::Js(ts(ty))
}

fn ret_shape(ty: &Type) -> Shape {
    if is_str_ref(ty) {
        return Shape::StaticStr;
    }
    if plain(ty) {
        return Shape::Plain;
    }
    if let Some((id, args)) = last_ident(ty) {
        if id == "Option" && generic_arg(args, 0).is_some_and(is_str_ref) {
            return Shape::OptStaticStr;
        }
        if id == "Vec"
            && generic_arg(args, 0)
                .and_then(last_ident)
                .is_some_and(|(i, _)| matches!(i.to_string().as_str(), "u32" | "f64" | "String"))
        {
            return Shape::Plain;
        }
    }
    Shape::Js(ts(ty))
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.trim_start_matches('_').chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn docs(attrs: &[Attribute]) -> Vec<&Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("doc")).collect()
}

fn expand(
    function: &ItemFn,
    js_name: Option<LitStr>,
    modules: &[Module],
) -> syn::Result<TokenStream2> {
    let sig = &function.sig;
    if !sig.generics.params.is_empty() || sig.asyncness.is_some() {
        return Err(syn::Error::new(
            sig.span(),
            "#[export] takes a plain function: no generics, not async",
        ));
    }
    let name = &sig.ident;
    let js_name = js_name
        .map(|l| l.value())
        .unwrap_or_else(|| camel(&name.to_string()));
    let wasm_fn = format_ident!("__wasm_{}", name);
    let native_fn = format_ident!("__native_{}", name);
    let doc = docs(&function.attrs);

    let mut wasm_params = Vec::new();
    let mut wasm_prep = Vec::new();
    let mut native_prep = Vec::new();
    let mut call_args = Vec::new();
    let mut fallible = false;
    for (i, input) in sig.inputs.iter().enumerate() {
        let FnArg::Typed(pat) = input else {
            return Err(syn::Error::new(input.span(), "#[export] takes no `self`"));
        };
        let Pat::Ident(ident) = &*pat.pat else {
            return Err(syn::Error::new(
                pat.pat.span(),
                "#[export] needs named parameters",
            ));
        };
        let p = &ident.ident;
        let ty = &*pat.ty;
        let js_param = camel(&p.to_string());
        let rename = quote!(#[wasm_bindgen(js_name = #js_param)]);
        match arg_shape(ty) {
            Shape::Plain | Shape::Str => {
                wasm_params.push(quote!(#rename #p: #ty));
                native_prep.push(quote!(let #p: #ty = crate::bindings::arg(args, #i)?;));
                call_args.push(quote!(#p));
            }
            Shape::OptStr => {
                wasm_params.push(quote!(#rename #p: ::core::option::Option<::std::string::String>));
                native_prep.push(quote!(let #p: #ty = crate::bindings::arg(args, #i)?;));
                call_args.push(quote!(#p.as_deref()));
            }
            Shape::Slice(ts_type) => {
                let Type::Reference(r) = ty else {
                    unreachable!()
                };
                let Type::Slice(s) = &*r.elem else {
                    unreachable!()
                };
                let elem = &s.elem;
                wasm_params
                    .push(quote!(#rename #[wasm_bindgen(unchecked_param_type = #ts_type)] #p: #ty));
                native_prep.push(
                    quote!(let #p: ::std::vec::Vec<#elem> = crate::bindings::arg(args, #i)?;),
                );
                call_args.push(quote!(&#p));
            }
            Shape::StrSlice => {
                wasm_params.push(quote!(#rename #p: ::std::vec::Vec<::std::string::String>));
                wasm_prep.push(quote!(let #p: ::std::vec::Vec<&str> = #p.iter().map(::std::string::String::as_str).collect();));
                native_prep
                    .push(quote!(let #p: ::std::vec::Vec<&str> = crate::bindings::arg(args, #i)?;));
                call_args.push(quote!(&#p));
            }
            Shape::Js(ts_type) => {
                fallible = true;
                wasm_params.push(quote!(#rename #[wasm_bindgen(unchecked_param_type = #ts_type)] #p: ::wasm_bindgen::JsValue));
                wasm_prep.push(quote!(let #p: #ty = crate::bindings::from_js(&#p)?;));
                native_prep.push(quote!(let #p: #ty = crate::bindings::json_arg(args, #i)?;));
                call_args.push(quote!(#p));
            }
            Shape::StaticStr | Shape::OptStaticStr => unreachable!("argument shapes"),
        }
    }

    let ReturnType::Type(_, ret) = &sig.output else {
        return Err(syn::Error::new(
            sig.span(),
            "#[export] needs a return value",
        ));
    };
    let (ok_ty, is_result) = match last_ident(ret) {
        Some((id, args)) if id == "Result" => (
            generic_arg(args, 0)
                .ok_or_else(|| syn::Error::new(ret.span(), "Result<T, E> expected"))?
                .clone(),
            true,
        ),
        _ => ((**ret).clone(), false),
    };
    fallible |= is_result;
    let (wasm_ret, convert, return_type) = match ret_shape(&ok_ty) {
        Shape::Plain => (quote!(#ok_ty), quote!(out), None),
        Shape::StaticStr => (quote!(::std::string::String), quote!(out.to_owned()), None),
        Shape::OptStaticStr => (
            quote!(::core::option::Option<::std::string::String>),
            quote!(out.map(str::to_owned)),
            None,
        ),
        Shape::Js(ts_type) => {
            fallible = true;
            let optional = last_ident(&ok_ty).is_some_and(|(id, _)| id == "Option");
            let convert = if optional {
                quote!(crate::bindings::to_js_option(&out)?)
            } else {
                quote!(crate::bindings::to_js(&out)?)
            };
            (quote!(::wasm_bindgen::JsValue), convert, Some(ts_type))
        }
        _ => unreachable!("return shapes"),
    };
    let unwrap = if is_result {
        quote!(let out = out.map_err(|e| ::wasm_bindgen::JsError::new(&e.to_string()))?;)
    } else {
        quote!()
    };
    let return_attr = return_type.map(|t| quote!(, unchecked_return_type = #t));
    let (sig_ret, body_end) = if fallible {
        (
            quote!(::core::result::Result<#wasm_ret, ::wasm_bindgen::JsError>),
            quote!(Ok(#convert)),
        )
    } else {
        (quote!(#wasm_ret), quote!(#convert))
    };
    let native_ret = if is_result {
        quote!(crate::bindings::ret(out.map_err(|e| e.to_string())?))
    } else {
        quote!(crate::bindings::ret(out))
    };
    let wasm_mod = quote!(::wasm_bindgen::prelude::wasm_bindgen);

    // One wasm module per build (its cargo feature): the export is in
    // every module named.
    let cfgs = modules.iter().map(|m| m.cfg());
    let module = quote!(#[cfg(any(#(#cfgs),*))]);
    Ok(quote! {
        #module
        #(#doc)*
        #[#wasm_mod(js_name = #js_name #return_attr)]
        #[allow(
            clippy::too_many_arguments,
            clippy::needless_pass_by_value,
            clippy::needless_question_mark,
            non_snake_case
        )]
        pub fn #wasm_fn(#(#wasm_params),*) -> #sig_ret {
            #(#wasm_prep)*
            let out = #name(#(#call_args),*);
            #unwrap
            #body_end
        }

        #[cfg(not(target_arch = "wasm32"))]
        #[allow(clippy::needless_borrow)]
        fn #native_fn(
            args: &[::serde_json::Value],
        ) -> ::core::result::Result<::serde_json::Value, ::std::string::String> {
            #(#native_prep)*
            let out = #name(#(#call_args),*);
            #native_ret
        }

        #[cfg(not(target_arch = "wasm32"))]
        ::inventory::submit! { crate::bindings::Export::new(#js_name, #native_fn) }
    })
}
