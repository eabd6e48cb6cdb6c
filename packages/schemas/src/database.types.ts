export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      account_credits: {
        Row: {
          account_id: string
          amount_ore: number
          community_id: string
          created_at: string
          id: string
          invoice_id: string | null
          payment_id: string | null
          source: string
        }
        Insert: {
          account_id: string
          amount_ore: number
          community_id: string
          created_at?: string
          id?: string
          invoice_id?: string | null
          payment_id?: string | null
          source: string
        }
        Update: {
          account_id?: string
          amount_ore?: number
          community_id?: string
          created_at?: string
          id?: string
          invoice_id?: string | null
          payment_id?: string | null
          source?: string
        }
        Relationships: [
          {
            foreignKeyName: "account_credits_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "account_credits_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "invoice_payments"
            referencedColumns: ["id"]
          },
        ]
      }
      addon_options: {
        Row: {
          addon_id: string
          capacity: number | null
          community_id: string
          hint: string | null
          id: string
          price_ore: number
          sort_order: number
          title: string
        }
        Insert: {
          addon_id: string
          capacity?: number | null
          community_id: string
          hint?: string | null
          id?: string
          price_ore?: number
          sort_order?: number
          title: string
        }
        Update: {
          addon_id?: string
          capacity?: number | null
          community_id?: string
          hint?: string | null
          id?: string
          price_ore?: number
          sort_order?: number
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "addon_options_addon_id_community_id_fkey"
            columns: ["addon_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_addons"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_user_id: string | null
          at: string
          community_id: string
          details: NonNullable<Json>
          id: number
          kind: string
          search_words: unknown
          subject: string
          subject_id: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_user_id?: string | null
          at?: string
          community_id: string
          details?: NonNullable<Json>
          id?: never
          kind: string
          search_words?: never
          subject?: string
          subject_id?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_user_id?: string | null
          at?: string
          community_id?: string
          details?: NonNullable<Json>
          id?: never
          kind?: string
          search_words?: never
          subject?: string
          subject_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "audit_log_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      bank_statement_lines: {
        Row: {
          amount_ore: number
          booked_on: string
          community_id: string
          created_at: string
          exception_id: string | null
          id: string
          invoice_id: string | null
          line_key: string
          matched_by: string | null
          payment_id: string | null
          text: string
        }
        Insert: {
          amount_ore: number
          booked_on: string
          community_id: string
          created_at?: string
          exception_id?: string | null
          id?: string
          invoice_id?: string | null
          line_key: string
          matched_by?: string | null
          payment_id?: string | null
          text: string
        }
        Update: {
          amount_ore?: number
          booked_on?: string
          community_id?: string
          created_at?: string
          exception_id?: string | null
          id?: string
          invoice_id?: string | null
          line_key?: string
          matched_by?: string | null
          payment_id?: string | null
          text?: string
        }
        Relationships: [
          {
            foreignKeyName: "bank_statement_lines_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      billing_account_totals: {
        Row: {
          account_id: string
          community_id: string
          credit_ore: number
          first_due_on: string | null
          last_due_on: string | null
          open_invoices: number
          outstanding_ore: number
        }
        Insert: {
          account_id: string
          community_id: string
          credit_ore?: number
          first_due_on?: string | null
          last_due_on?: string | null
          open_invoices?: number
          outstanding_ore?: number
        }
        Update: {
          account_id?: string
          community_id?: string
          credit_ore?: number
          first_due_on?: string | null
          last_due_on?: string | null
          open_invoices?: number
          outstanding_ore?: number
        }
        Relationships: [
          {
            foreignKeyName: "billing_account_totals_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "billing_account_totals_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_account_totals_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_account_totals_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
        ]
      }
      billing_accounts: {
        Row: {
          city: string | null
          community_id: string
          contact_reference: string | null
          created_at: string
          cvr: string | null
          ean: string | null
          email: string | null
          id: string
          kind: string
          language: string
          member_id: string | null
          name: string
          note: string | null
          order_reference: string | null
          payment_terms_id: string | null
          plan_id: string | null
          postal_code: string | null
          street: string | null
        }
        Insert: {
          city?: string | null
          community_id: string
          contact_reference?: string | null
          created_at?: string
          cvr?: string | null
          ean?: string | null
          email?: string | null
          id?: string
          kind?: string
          language?: string
          member_id?: string | null
          name: string
          note?: string | null
          order_reference?: string | null
          payment_terms_id?: string | null
          plan_id?: string | null
          postal_code?: string | null
          street?: string | null
        }
        Update: {
          city?: string | null
          community_id?: string
          contact_reference?: string | null
          created_at?: string
          cvr?: string | null
          ean?: string | null
          email?: string | null
          id?: string
          kind?: string
          language?: string
          member_id?: string | null
          name?: string
          note?: string | null
          order_reference?: string | null
          payment_terms_id?: string | null
          plan_id?: string | null
          postal_code?: string | null
          street?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "billing_accounts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "billing_accounts_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_payment_terms_id_community_id_fkey"
            columns: ["payment_terms_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payment_terms"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_plan_id_community_id_fkey"
            columns: ["plan_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_plans"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      billing_plans: {
        Row: {
          active: boolean
          billing_interval: Database["public"]["Enums"]["billing_interval"]
          community_id: string
          created_at: string
          currency: string
          description: string | null
          grants: string
          group_id: string | null
          id: string
          name: string
          payment_terms_id: string | null
          price_ore: number
          vat_exempt: boolean
          vat_rate_bp: number
        }
        Insert: {
          active?: boolean
          billing_interval?: Database["public"]["Enums"]["billing_interval"]
          community_id: string
          created_at?: string
          currency?: string
          description?: string | null
          grants?: string
          group_id?: string | null
          id?: string
          name: string
          payment_terms_id?: string | null
          price_ore: number
          vat_exempt?: boolean
          vat_rate_bp?: number
        }
        Update: {
          active?: boolean
          billing_interval?: Database["public"]["Enums"]["billing_interval"]
          community_id?: string
          created_at?: string
          currency?: string
          description?: string | null
          grants?: string
          group_id?: string | null
          id?: string
          name?: string
          payment_terms_id?: string | null
          price_ore?: number
          vat_exempt?: boolean
          vat_rate_bp?: number
        }
        Relationships: [
          {
            foreignKeyName: "billing_plans_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "billing_plans_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_plans_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_plans_payment_terms_id_community_id_fkey"
            columns: ["payment_terms_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payment_terms"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      billing_settings: {
        Row: {
          bank_account: string
          bank_account_no: string | null
          bank_reg_no: string | null
          city: string | null
          community_id: string
          debtor_account: string
          fee_income_account: string
          fi_creditor_no: string | null
          iban: string | null
          invoice_email: string | null
          mobilepay_number: string | null
          postal_code: string | null
          revenue_exempt_account: string
          revenue_taxable_account: string
          street: string | null
          updated_at: string
          vat_account: string
        }
        Insert: {
          bank_account?: string
          bank_account_no?: string | null
          bank_reg_no?: string | null
          city?: string | null
          community_id: string
          debtor_account?: string
          fee_income_account?: string
          fi_creditor_no?: string | null
          iban?: string | null
          invoice_email?: string | null
          mobilepay_number?: string | null
          postal_code?: string | null
          revenue_exempt_account?: string
          revenue_taxable_account?: string
          street?: string | null
          updated_at?: string
          vat_account?: string
        }
        Update: {
          bank_account?: string
          bank_account_no?: string | null
          bank_reg_no?: string | null
          city?: string | null
          community_id?: string
          debtor_account?: string
          fee_income_account?: string
          fi_creditor_no?: string | null
          iban?: string | null
          invoice_email?: string | null
          mobilepay_number?: string | null
          postal_code?: string | null
          revenue_exempt_account?: string
          revenue_taxable_account?: string
          street?: string | null
          updated_at?: string
          vat_account?: string
        }
        Relationships: [
          {
            foreignKeyName: "billing_settings_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: true
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_closed_days: {
        Row: {
          community_id: string
          id: string
          on_date: string
          product_id: string | null
          reason: string
        }
        Insert: {
          community_id: string
          id?: string
          on_date: string
          product_id?: string | null
          reason?: string
        }
        Update: {
          community_id?: string
          id?: string
          on_date?: string
          product_id?: string | null
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_closed_days_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_closed_days_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      booking_feed_tokens: {
        Row: {
          community_id: string
          created_at: string
          member_id: string | null
          product_id: string | null
          token: string
        }
        Insert: {
          community_id: string
          created_at?: string
          member_id?: string | null
          product_id?: string | null
          token: string
        }
        Update: {
          community_id?: string
          created_at?: string
          member_id?: string | null
          product_id?: string | null
          token?: string
        }
        Relationships: [
          {
            foreignKeyName: "booking_feed_tokens_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_feed_tokens_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_feed_tokens_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_feed_tokens_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      booking_products: {
        Row: {
          account_id: string | null
          availability: Database["public"]["Enums"]["booking_availability"]
          cancel_deadline_hours: number
          capacity: number
          club_id: string | null
          community_id: string
          created_at: string
          currency: string
          deleted_at: string | null
          description: string | null
          id: string
          image_path: string | null
          max_duration_minutes: number | null
          min_duration_minutes: number | null
          min_notice_minutes: number
          name: string
          opens_days_ahead: number | null
          price_mode: Database["public"]["Enums"]["booking_price_mode"]
          price_ore: number
          require_contact_sharing: boolean
        }
        Insert: {
          account_id?: string | null
          availability?: Database["public"]["Enums"]["booking_availability"]
          cancel_deadline_hours?: number
          capacity?: number
          club_id?: string | null
          community_id: string
          created_at?: string
          currency?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          image_path?: string | null
          max_duration_minutes?: number | null
          min_duration_minutes?: number | null
          min_notice_minutes?: number
          name: string
          opens_days_ahead?: number | null
          price_mode?: Database["public"]["Enums"]["booking_price_mode"]
          price_ore?: number
          require_contact_sharing?: boolean
        }
        Update: {
          account_id?: string | null
          availability?: Database["public"]["Enums"]["booking_availability"]
          cancel_deadline_hours?: number
          capacity?: number
          club_id?: string | null
          community_id?: string
          created_at?: string
          currency?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          image_path?: string | null
          max_duration_minutes?: number | null
          min_duration_minutes?: number | null
          min_notice_minutes?: number
          name?: string
          opens_days_ahead?: number | null
          price_mode?: Database["public"]["Enums"]["booking_price_mode"]
          price_ore?: number
          require_contact_sharing?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "booking_products_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_products_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_series: {
        Row: {
          community_id: string
          created_at: string
          created_by: string | null
          ends_at: string
          first_day: string
          id: string
          last_day: string
          member_id: string
          note: string | null
          product_id: string
          skip_holidays: boolean
          starts_at: string
          weekday: number
        }
        Insert: {
          community_id: string
          created_at?: string
          created_by?: string | null
          ends_at: string
          first_day: string
          id?: string
          last_day: string
          member_id: string
          note?: string | null
          product_id: string
          skip_holidays?: boolean
          starts_at: string
          weekday: number
        }
        Update: {
          community_id?: string
          created_at?: string
          created_by?: string | null
          ends_at?: string
          first_day?: string
          id?: string
          last_day?: string
          member_id?: string
          note?: string | null
          product_id?: string
          skip_holidays?: boolean
          starts_at?: string
          weekday?: number
        }
        Relationships: [
          {
            foreignKeyName: "booking_series_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_series_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "booking_series_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      bookings: {
        Row: {
          booked_by: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          checked_in_at: string | null
          community_id: string
          contact_shared: boolean
          created_at: string
          currency: string
          ends_at: string
          id: string
          late_cancellation: boolean
          member_id: string
          note: string | null
          price_ore: number
          product_id: string
          requirements: NonNullable<Json>
          series_id: string | null
          starts_at: string
          status: Database["public"]["Enums"]["booking_status"]
        }
        Insert: {
          booked_by?: string | null
          cancel_reason?: string | null
          cancelled_at?: string | null
          checked_in_at?: string | null
          community_id: string
          contact_shared?: boolean
          created_at?: string
          currency?: string
          ends_at: string
          id?: string
          late_cancellation?: boolean
          member_id: string
          note?: string | null
          price_ore?: number
          product_id: string
          requirements?: NonNullable<Json>
          series_id?: string | null
          starts_at: string
          status?: Database["public"]["Enums"]["booking_status"]
        }
        Update: {
          booked_by?: string | null
          cancel_reason?: string | null
          cancelled_at?: string | null
          checked_in_at?: string | null
          community_id?: string
          contact_shared?: boolean
          created_at?: string
          currency?: string
          ends_at?: string
          id?: string
          late_cancellation?: boolean
          member_id?: string
          note?: string | null
          price_ore?: number
          product_id?: string
          requirements?: NonNullable<Json>
          series_id?: string | null
          starts_at?: string
          status?: Database["public"]["Enums"]["booking_status"]
        }
        Relationships: [
          {
            foreignKeyName: "bookings_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "bookings_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "bookings_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "bookings_series_id_community_id_fkey"
            columns: ["series_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_series"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      clubs: {
        Row: {
          community_id: string
          contact_email: string | null
          contact_name: string | null
          contact_phone: string | null
          created_at: string
          cvr: string | null
          description: string | null
          id: string
          logo_path: string | null
          name: string
        }
        Insert: {
          community_id: string
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          created_at?: string
          cvr?: string | null
          description?: string | null
          id?: string
          logo_path?: string | null
          name: string
        }
        Update: {
          community_id?: string
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          created_at?: string
          cvr?: string | null
          description?: string | null
          id?: string
          logo_path?: string | null
          name?: string
        }
        Relationships: [
          {
            foreignKeyName: "clubs_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      communities: {
        Row: {
          created_at: string
          currency: string
          cvr: string | null
          default_language: string
          id: string
          logo_path: string | null
          name: string
          slug: string
          time_zone: string
        }
        Insert: {
          created_at?: string
          currency?: string
          cvr?: string | null
          default_language?: string
          id?: string
          logo_path?: string | null
          name: string
          slug: string
          time_zone?: string
        }
        Update: {
          created_at?: string
          currency?: string
          cvr?: string | null
          default_language?: string
          id?: string
          logo_path?: string | null
          name?: string
          slug?: string
          time_zone?: string
        }
        Relationships: []
      }
      community_settings: {
        Row: {
          address: string | null
          admin_welcome_text: string | null
          community_id: string
          contact_email: string | null
          contact_phone: string | null
          retention_months: number
          updated_at: string
          website: string | null
          welcome_text: string | null
        }
        Insert: {
          address?: string | null
          admin_welcome_text?: string | null
          community_id: string
          contact_email?: string | null
          contact_phone?: string | null
          retention_months?: number
          updated_at?: string
          website?: string | null
          welcome_text?: string | null
        }
        Update: {
          address?: string | null
          admin_welcome_text?: string | null
          community_id?: string
          contact_email?: string | null
          contact_phone?: string | null
          retention_months?: number
          updated_at?: string
          website?: string | null
          welcome_text?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "community_settings_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: true
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      cpr_audit: {
        Row: {
          action: string
          at: string
          community_id: string
          id: number
          member_id: string | null
          reason: string | null
          viewer_user_id: string | null
        }
        Insert: {
          action: string
          at?: string
          community_id: string
          id?: never
          member_id?: string | null
          reason?: string | null
          viewer_user_id?: string | null
        }
        Update: {
          action?: string
          at?: string
          community_id?: string
          id?: never
          member_id?: string | null
          reason?: string | null
          viewer_user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "cpr_audit_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      dk_postcodes: {
        Row: {
          city: string
          code: string
        }
        Insert: {
          city: string
          code: string
        }
        Update: {
          city?: string
          code?: string
        }
        Relationships: []
      }
      event_addons: {
        Row: {
          community_id: string
          event_id: string
          id: string
          max_per_person: number | null
          min_per_person: number
          name: string
          sort_order: number
        }
        Insert: {
          community_id: string
          event_id: string
          id?: string
          max_per_person?: number | null
          min_per_person?: number
          name: string
          sort_order?: number
        }
        Update: {
          community_id?: string
          event_id?: string
          id?: string
          max_per_person?: number | null
          min_per_person?: number
          name?: string
          sort_order?: number
        }
        Relationships: [
          {
            foreignKeyName: "event_addons_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_addons_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      event_invitations: {
        Row: {
          community_id: string
          created_at: string
          event_id: string
          group_id: string | null
          id: string
          member_id: string | null
          tag_id: string | null
        }
        Insert: {
          community_id: string
          created_at?: string
          event_id: string
          group_id?: string | null
          id?: string
          member_id?: string | null
          tag_id?: string | null
        }
        Update: {
          community_id?: string
          created_at?: string
          event_id?: string
          group_id?: string | null
          id?: string
          member_id?: string | null
          tag_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "event_invitations_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_invitations_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags_with_usage"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      event_tags: {
        Row: {
          community_id: string
          event_id: string
          tag_id: string
        }
        Insert: {
          community_id: string
          event_id: string
          tag_id: string
        }
        Update: {
          community_id?: string
          event_id?: string
          tag_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_tags_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_tags_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "event_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags_with_usage"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      events: {
        Row: {
          cancelled_at: string | null
          club_id: string | null
          community_id: string
          created_at: string
          created_by: string | null
          description: Json | null
          ends_at: string | null
          id: string
          image_path: string | null
          kind: Database["public"]["Enums"]["event_kind"]
          location: string | null
          published_at: string | null
          release_at: string | null
          repeat: Database["public"]["Enums"]["repeat_rule"]
          repeat_until: string | null
          series_id: string | null
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          title: string
          updated_at: string
          visibility: Database["public"]["Enums"]["event_visibility"]
        }
        Insert: {
          cancelled_at?: string | null
          club_id?: string | null
          community_id: string
          created_at?: string
          created_by?: string | null
          description?: Json | null
          ends_at?: string | null
          id?: string
          image_path?: string | null
          kind?: Database["public"]["Enums"]["event_kind"]
          location?: string | null
          published_at?: string | null
          release_at?: string | null
          repeat?: Database["public"]["Enums"]["repeat_rule"]
          repeat_until?: string | null
          series_id?: string | null
          starts_at: string
          status?: Database["public"]["Enums"]["event_status"]
          title: string
          updated_at?: string
          visibility?: Database["public"]["Enums"]["event_visibility"]
        }
        Update: {
          cancelled_at?: string | null
          club_id?: string | null
          community_id?: string
          created_at?: string
          created_by?: string | null
          description?: Json | null
          ends_at?: string | null
          id?: string
          image_path?: string | null
          kind?: Database["public"]["Enums"]["event_kind"]
          location?: string | null
          published_at?: string | null
          release_at?: string | null
          repeat?: Database["public"]["Enums"]["repeat_rule"]
          repeat_until?: string | null
          series_id?: string | null
          starts_at?: string
          status?: Database["public"]["Enums"]["event_status"]
          title?: string
          updated_at?: string
          visibility?: Database["public"]["Enums"]["event_visibility"]
        }
        Relationships: [
          {
            foreignKeyName: "events_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "events_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "events_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      group_fee_charges: {
        Row: {
          amount_ore: number
          community_id: string
          created_at: string
          group_id: string
          group_member_id: string
          id: string
          invoice_id: string
          member_id: string
          period_start: string
        }
        Insert: {
          amount_ore: number
          community_id: string
          created_at?: string
          group_id: string
          group_member_id: string
          id?: string
          invoice_id: string
          member_id: string
          period_start: string
        }
        Update: {
          amount_ore?: number
          community_id?: string
          created_at?: string
          group_id?: string
          group_member_id?: string
          id?: string
          invoice_id?: string
          member_id?: string
          period_start?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_fee_charges_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_fee_charges_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_fee_charges_group_member_id_fkey"
            columns: ["group_member_id"]
            isOneToOne: false
            referencedRelation: "group_members"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "group_fee_charges_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_fee_charges_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_fee_charges_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_fee_charges_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      group_join_requests: {
        Row: {
          community_id: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          group_id: string
          id: string
          member_id: string
          message: string | null
          status: string
        }
        Insert: {
          community_id: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          group_id: string
          id?: string
          member_id: string
          message?: string | null
          status?: string
        }
        Update: {
          community_id?: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          group_id?: string
          id?: string
          member_id?: string
          message?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_join_requests_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      group_members: {
        Row: {
          community_id: string
          group_id: string
          id: string
          joined_at: string
          left_at: string | null
          member_id: string
          payment_status: string
          role: string
          welcome_sent_at: string | null
        }
        Insert: {
          community_id: string
          group_id: string
          id?: string
          joined_at?: string
          left_at?: string | null
          member_id: string
          payment_status?: string
          role?: string
          welcome_sent_at?: string | null
        }
        Update: {
          community_id?: string
          group_id?: string
          id?: string
          joined_at?: string
          left_at?: string | null
          member_id?: string
          payment_status?: string
          role?: string
          welcome_sent_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "group_members_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_members_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_members_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_members_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      group_tags: {
        Row: {
          community_id: string
          group_id: string
          tag_id: string
        }
        Insert: {
          community_id: string
          group_id: string
          tag_id: string
        }
        Update: {
          community_id?: string
          group_id?: string
          tag_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_tags_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_tags_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags_with_usage"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      groups: {
        Row: {
          archived: boolean
          archived_at: string | null
          charging_starts_on: string | null
          club_id: string | null
          community_id: string
          cover_image_path: string | null
          created_at: string
          currency: string
          description: Json | null
          id: string
          mid_period_join: string
          owner_member_id: string | null
          payment_frequency:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          price_ore: number
          requires_approval: boolean
          title: string
          visibility: Database["public"]["Enums"]["group_visibility"]
          welcome_body_da: string | null
          welcome_body_en: string | null
          welcome_email: string | null
          welcome_subject_da: string | null
          welcome_subject_en: string | null
        }
        Insert: {
          archived?: boolean
          archived_at?: string | null
          charging_starts_on?: string | null
          club_id?: string | null
          community_id: string
          cover_image_path?: string | null
          created_at?: string
          currency?: string
          description?: Json | null
          id?: string
          mid_period_join?: string
          owner_member_id?: string | null
          payment_frequency?:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          price_ore?: number
          requires_approval?: boolean
          title: string
          visibility?: Database["public"]["Enums"]["group_visibility"]
          welcome_body_da?: string | null
          welcome_body_en?: string | null
          welcome_email?: string | null
          welcome_subject_da?: string | null
          welcome_subject_en?: string | null
        }
        Update: {
          archived?: boolean
          archived_at?: string | null
          charging_starts_on?: string | null
          club_id?: string | null
          community_id?: string
          cover_image_path?: string | null
          created_at?: string
          currency?: string
          description?: Json | null
          id?: string
          mid_period_join?: string
          owner_member_id?: string | null
          payment_frequency?:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          price_ore?: number
          requires_approval?: boolean
          title?: string
          visibility?: Database["public"]["Enums"]["group_visibility"]
          welcome_body_da?: string | null
          welcome_body_en?: string | null
          welcome_email?: string | null
          welcome_subject_da?: string | null
          welcome_subject_en?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "groups_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "groups_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "groups_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "groups_owner_member_id_community_id_fkey"
            columns: ["owner_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "groups_owner_member_id_community_id_fkey"
            columns: ["owner_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      invoice_lines: {
        Row: {
          community_id: string
          description: string
          id: string
          invoice_id: string
          line_kind: string
          net_ore: number | null
          plan_id: string | null
          quantity: number
          sort_order: number
          unit_price_ore: number
          vat_exempt: boolean
          vat_ore: number | null
          vat_rate_bp: number
        }
        Insert: {
          community_id: string
          description: string
          id?: string
          invoice_id: string
          line_kind?: string
          net_ore?: never
          plan_id?: string | null
          quantity?: number
          sort_order?: number
          unit_price_ore: number
          vat_exempt?: boolean
          vat_ore?: never
          vat_rate_bp?: number
        }
        Update: {
          community_id?: string
          description?: string
          id?: string
          invoice_id?: string
          line_kind?: string
          net_ore?: never
          plan_id?: string | null
          quantity?: number
          sort_order?: number
          unit_price_ore?: number
          vat_exempt?: boolean
          vat_ore?: never
          vat_rate_bp?: number
        }
        Relationships: [
          {
            foreignKeyName: "invoice_lines_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoice_lines_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoice_lines_plan_id_community_id_fkey"
            columns: ["plan_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_plans"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      invoice_payments: {
        Row: {
          amount_ore: number
          community_id: string
          id: string
          invoice_id: string
          method: Database["public"]["Enums"]["payment_method"]
          paid_at: string
          reference: string | null
        }
        Insert: {
          amount_ore: number
          community_id: string
          id?: string
          invoice_id: string
          method: Database["public"]["Enums"]["payment_method"]
          paid_at?: string
          reference?: string | null
        }
        Update: {
          amount_ore?: number
          community_id?: string
          id?: string
          invoice_id?: string
          method?: Database["public"]["Enums"]["payment_method"]
          paid_at?: string
          reference?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "invoice_payments_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoice_payments_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      invoice_reminders: {
        Row: {
          community_id: string
          created_at: string
          emailed_at: string | null
          fee_ore: number
          id: string
          invoice_id: string
          reminded_on: string
          seq: number
        }
        Insert: {
          community_id: string
          created_at?: string
          emailed_at?: string | null
          fee_ore: number
          id?: string
          invoice_id: string
          reminded_on?: string
          seq: number
        }
        Update: {
          community_id?: string
          created_at?: string
          emailed_at?: string | null
          fee_ore?: number
          id?: string
          invoice_id?: string
          reminded_on?: string
          seq?: number
        }
        Relationships: [
          {
            foreignKeyName: "invoice_reminders_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoice_reminders_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      invoice_status_counts: {
        Row: {
          community_id: string
          invoices: number
          status: Database["public"]["Enums"]["invoice_status"]
        }
        Insert: {
          community_id: string
          invoices?: number
          status: Database["public"]["Enums"]["invoice_status"]
        }
        Update: {
          community_id?: string
          invoices?: number
          status?: Database["public"]["Enums"]["invoice_status"]
        }
        Relationships: [
          {
            foreignKeyName: "invoice_status_counts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      invoices: {
        Row: {
          account_id: string
          community_id: string
          created_at: string
          credited_invoice_id: string | null
          currency: string
          due_on: string | null
          emailed_at: string | null
          fees_ore: number
          id: string
          issued_on: string | null
          kind: string
          note: string | null
          number: number | null
          paid_ore: number
          status: Database["public"]["Enums"]["invoice_status"]
          subtotal_ore: number
          total_ore: number
          vat_ore: number
        }
        Insert: {
          account_id: string
          community_id: string
          created_at?: string
          credited_invoice_id?: string | null
          currency?: string
          due_on?: string | null
          emailed_at?: string | null
          fees_ore?: number
          id?: string
          issued_on?: string | null
          kind?: string
          note?: string | null
          number?: number | null
          paid_ore?: number
          status?: Database["public"]["Enums"]["invoice_status"]
          subtotal_ore?: number
          total_ore?: number
          vat_ore?: number
        }
        Update: {
          account_id?: string
          community_id?: string
          created_at?: string
          credited_invoice_id?: string | null
          currency?: string
          due_on?: string | null
          emailed_at?: string | null
          fees_ore?: number
          id?: string
          issued_on?: string | null
          kind?: string
          note?: string | null
          number?: number | null
          paid_ore?: number
          status?: Database["public"]["Enums"]["invoice_status"]
          subtotal_ore?: number
          total_ore?: number
          vat_ore?: number
        }
        Relationships: [
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "invoices_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoices_credited_invoice_id_community_id_fkey"
            columns: ["credited_invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_credited_invoice_id_community_id_fkey"
            columns: ["credited_invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      kb_articles: {
        Row: {
          author_id: string | null
          body: NonNullable<Json>
          category_id: string | null
          community_id: string
          created_at: string
          id: string
          pinned: boolean
          published_at: string | null
          search_text: string | null
          slug: string
          sort_order: number
          status: Database["public"]["Enums"]["kb_article_status"]
          summary: string | null
          title: string
          updated_at: string
          updated_by: string | null
          visibility: Database["public"]["Enums"]["kb_visibility"]
        }
        Insert: {
          author_id?: string | null
          body?: NonNullable<Json>
          category_id?: string | null
          community_id: string
          created_at?: string
          id?: string
          pinned?: boolean
          published_at?: string | null
          search_text?: never
          slug: string
          sort_order?: number
          status?: Database["public"]["Enums"]["kb_article_status"]
          summary?: string | null
          title: string
          updated_at?: string
          updated_by?: string | null
          visibility?: Database["public"]["Enums"]["kb_visibility"]
        }
        Update: {
          author_id?: string | null
          body?: NonNullable<Json>
          category_id?: string | null
          community_id?: string
          created_at?: string
          id?: string
          pinned?: boolean
          published_at?: string | null
          search_text?: never
          slug?: string
          sort_order?: number
          status?: Database["public"]["Enums"]["kb_article_status"]
          summary?: string | null
          title?: string
          updated_at?: string
          updated_by?: string | null
          visibility?: Database["public"]["Enums"]["kb_visibility"]
        }
        Relationships: [
          {
            foreignKeyName: "kb_articles_category_id_community_id_fkey"
            columns: ["category_id", "community_id"]
            isOneToOne: false
            referencedRelation: "kb_categories"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "kb_articles_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      kb_categories: {
        Row: {
          community_id: string
          created_at: string
          description: string | null
          id: string
          name: string
          sort_order: number
          updated_at: string
        }
        Insert: {
          community_id: string
          created_at?: string
          description?: string | null
          id?: string
          name: string
          sort_order?: number
          updated_at?: string
        }
        Update: {
          community_id?: string
          created_at?: string
          description?: string | null
          id?: string
          name?: string
          sort_order?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "kb_categories_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      ledger_entries: {
        Row: {
          account_id: string
          amount_ore: number
          community_id: string
          created_at: string
          description: string
          id: string
          invoice_id: string | null
          kind: string
          ledger_account: string
          order_id: string | null
          payment_id: string | null
          seq: number
          side: string
        }
        Insert: {
          account_id: string
          amount_ore: number
          community_id: string
          created_at?: string
          description: string
          id?: string
          invoice_id?: string | null
          kind: string
          ledger_account: string
          order_id?: string | null
          payment_id?: string | null
          seq?: never
          side: string
        }
        Update: {
          account_id?: string
          amount_ore?: number
          community_id?: string
          created_at?: string
          description?: string
          id?: string
          invoice_id?: string | null
          kind?: string
          ledger_account?: string
          order_id?: string | null
          payment_id?: string | null
          seq?: never
          side?: string
        }
        Relationships: [
          {
            foreignKeyName: "ledger_entries_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "ledger_entries_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ledger_entries_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ledger_entries_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "ledger_entries_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      member_arrears: {
        Row: {
          community_id: string
          member_id: string
          since: string
        }
        Insert: {
          community_id: string
          member_id: string
          since: string
        }
        Update: {
          community_id?: string
          member_id?: string
          since?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_arrears_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_arrears_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_certificates: {
        Row: {
          community_id: string
          created_at: string
          document_path: string | null
          expires_on: string | null
          id: string
          issued_on: string | null
          kind: string
          member_id: string
          status: string
        }
        Insert: {
          community_id: string
          created_at?: string
          document_path?: string | null
          expires_on?: string | null
          id?: string
          issued_on?: string | null
          kind: string
          member_id: string
          status?: string
        }
        Update: {
          community_id?: string
          created_at?: string
          document_path?: string | null
          expires_on?: string | null
          id?: string
          issued_on?: string | null
          kind?: string
          member_id?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_certificates_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_certificates_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_cpr: {
        Row: {
          community_id: string
          cpr_encrypted: string
          cpr_hash: string
          cpr_masked: string
          legal_basis: string
          member_id: string
          recorded_at: string
          recorded_by: string | null
        }
        Insert: {
          community_id: string
          cpr_encrypted: string
          cpr_hash: string
          cpr_masked: string
          legal_basis: string
          member_id: string
          recorded_at?: string
          recorded_by?: string | null
        }
        Update: {
          community_id?: string
          cpr_encrypted?: string
          cpr_hash?: string
          cpr_masked?: string
          legal_basis?: string
          member_id?: string
          recorded_at?: string
          recorded_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "member_cpr_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_cpr_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_history: {
        Row: {
          action: string
          actor_user_id: string | null
          at: string
          changes: NonNullable<Json>
          community_id: string
          id: number
          member_id: string
          reason: string | null
        }
        Insert: {
          action: string
          actor_user_id?: string | null
          at?: string
          changes?: NonNullable<Json>
          community_id: string
          id?: never
          member_id: string
          reason?: string | null
        }
        Update: {
          action?: string
          actor_user_id?: string | null
          at?: string
          changes?: NonNullable<Json>
          community_id?: string
          id?: never
          member_id?: string
          reason?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "member_history_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_history_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_import_jobs: {
        Row: {
          community_id: string
          created: number
          created_at: string
          failed: number
          file_name: string
          finished_at: string | null
          id: string
          manager: boolean
          merged: number
          requested_by: string | null
          skipped: number
          started_at: string | null
          status: string
          total: number
        }
        Insert: {
          community_id: string
          created?: number
          created_at?: string
          failed?: number
          file_name: string
          finished_at?: string | null
          id?: string
          manager?: boolean
          merged?: number
          requested_by?: string | null
          skipped?: number
          started_at?: string | null
          status?: string
          total: number
        }
        Update: {
          community_id?: string
          created?: number
          created_at?: string
          failed?: number
          file_name?: string
          finished_at?: string | null
          id?: string
          manager?: boolean
          merged?: number
          requested_by?: string | null
          skipped?: number
          started_at?: string | null
          status?: string
          total?: number
        }
        Relationships: [
          {
            foreignKeyName: "member_import_jobs_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      member_import_rows: {
        Row: {
          choice: string | null
          claimed_at: string | null
          cpr_encrypted: string | null
          error_code: string | null
          error_field: string | null
          fields: NonNullable<Json>
          job_id: string
          line: number
          member_id: string | null
          status: string
        }
        Insert: {
          choice?: string | null
          claimed_at?: string | null
          cpr_encrypted?: string | null
          error_code?: string | null
          error_field?: string | null
          fields?: NonNullable<Json>
          job_id: string
          line: number
          member_id?: string | null
          status?: string
        }
        Update: {
          choice?: string | null
          claimed_at?: string | null
          cpr_encrypted?: string | null
          error_code?: string | null
          error_field?: string | null
          fields?: NonNullable<Json>
          job_id?: string
          line?: number
          member_id?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_import_rows_job_id_fkey"
            columns: ["job_id"]
            isOneToOne: false
            referencedRelation: "member_import_jobs"
            referencedColumns: ["id"]
          },
        ]
      }
      member_relations: {
        Row: {
          community_id: string
          created_at: string
          id: string
          kind: string
          member_id: string
          related_member_id: string
        }
        Insert: {
          community_id: string
          created_at?: string
          id?: string
          kind: string
          member_id: string
          related_member_id: string
        }
        Update: {
          community_id?: string
          created_at?: string
          id?: string
          kind?: string
          member_id?: string
          related_member_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_relations_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_relations_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_relations_related_member_id_community_id_fkey"
            columns: ["related_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_relations_related_member_id_community_id_fkey"
            columns: ["related_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_tags: {
        Row: {
          community_id: string
          member_id: string
          tag_id: string
        }
        Insert: {
          community_id: string
          member_id: string
          tag_id: string
        }
        Update: {
          community_id?: string
          member_id?: string
          tag_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_tags_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_tags_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "member_tags_tag_id_community_id_fkey"
            columns: ["tag_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tags_with_usage"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      members: {
        Row: {
          birth_date: string | null
          city: string | null
          club_id: string | null
          community_id: string
          consent_note: string | null
          country: string
          cpr_masked: string | null
          created_at: string
          door: string | null
          email: string | null
          erased_at: string | null
          first_name: string
          floor: string | null
          full_name: string | null
          gender: Database["public"]["Enums"]["gender"] | null
          house_number: string | null
          id: string
          joined_on: string
          last_name: string
          left_on: string | null
          membership_id: string | null
          mid: number
          permissions: string[]
          phone: string | null
          postal_code: string | null
          roles: string[]
          status: Database["public"]["Enums"]["member_status"]
          street: string | null
          updated_at: string
          user_id: string | null
        }
        Insert: {
          birth_date?: string | null
          city?: string | null
          club_id?: string | null
          community_id: string
          consent_note?: string | null
          country?: string
          cpr_masked?: string | null
          created_at?: string
          door?: string | null
          email?: string | null
          erased_at?: string | null
          first_name: string
          floor?: string | null
          full_name?: never
          gender?: Database["public"]["Enums"]["gender"] | null
          house_number?: string | null
          id?: string
          joined_on?: string
          last_name?: string
          left_on?: string | null
          membership_id?: string | null
          mid: number
          permissions?: string[]
          phone?: string | null
          postal_code?: string | null
          roles?: string[]
          status?: Database["public"]["Enums"]["member_status"]
          street?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          birth_date?: string | null
          city?: string | null
          club_id?: string | null
          community_id?: string
          consent_note?: string | null
          country?: string
          cpr_masked?: string | null
          created_at?: string
          door?: string | null
          email?: string | null
          erased_at?: string | null
          first_name?: string
          floor?: string | null
          full_name?: never
          gender?: Database["public"]["Enums"]["gender"] | null
          house_number?: string | null
          id?: string
          joined_on?: string
          last_name?: string
          left_on?: string | null
          membership_id?: string | null
          mid?: number
          permissions?: string[]
          phone?: string | null
          postal_code?: string | null
          roles?: string[]
          status?: Database["public"]["Enums"]["member_status"]
          street?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "members_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "members_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "members_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      memberships: {
        Row: {
          areas: Database["public"]["Enums"]["admin_area"][]
          community_id: string
          created_at: string
          id: string
          membership_manager: boolean
          role: Database["public"]["Enums"]["membership_role"]
          user_id: string
        }
        Insert: {
          areas?: Database["public"]["Enums"]["admin_area"][]
          community_id: string
          created_at?: string
          id?: string
          membership_manager?: boolean
          role?: Database["public"]["Enums"]["membership_role"]
          user_id: string
        }
        Update: {
          areas?: Database["public"]["Enums"]["admin_area"][]
          community_id?: string
          created_at?: string
          id?: string
          membership_manager?: boolean
          role?: Database["public"]["Enums"]["membership_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "memberships_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      news_comments: {
        Row: {
          author_id: string | null
          author_name: string
          body: string
          community_id: string
          created_at: string
          hidden_at: string | null
          hidden_by: string | null
          id: string
          member_id: string | null
          post_id: string
        }
        Insert: {
          author_id?: string | null
          author_name: string
          body: string
          community_id: string
          created_at?: string
          hidden_at?: string | null
          hidden_by?: string | null
          id?: string
          member_id?: string | null
          post_id: string
        }
        Update: {
          author_id?: string | null
          author_name?: string
          body?: string
          community_id?: string
          created_at?: string
          hidden_at?: string | null
          hidden_by?: string | null
          id?: string
          member_id?: string | null
          post_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "news_comments_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_comments_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_comments_post_id_community_id_fkey"
            columns: ["post_id", "community_id"]
            isOneToOne: false
            referencedRelation: "news_post_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_comments_post_id_community_id_fkey"
            columns: ["post_id", "community_id"]
            isOneToOne: false
            referencedRelation: "news_posts"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      news_mail_unsubscribes: {
        Row: {
          community_id: string
          email: string
          mailing_id: string | null
          member_id: string | null
          unsubscribed_at: string
        }
        Insert: {
          community_id: string
          email: string
          mailing_id?: string | null
          member_id?: string | null
          unsubscribed_at?: string
        }
        Update: {
          community_id?: string
          email?: string
          mailing_id?: string | null
          member_id?: string | null
          unsubscribed_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "news_mail_unsubscribes_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "news_mail_unsubscribes_mailing_id_fkey"
            columns: ["mailing_id"]
            isOneToOne: false
            referencedRelation: "news_mailings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "news_mail_unsubscribes_member_id_fkey"
            columns: ["member_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "news_mail_unsubscribes_member_id_fkey"
            columns: ["member_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id"]
          },
        ]
      }
      news_mailing_recipients: {
        Row: {
          claimed_at: string | null
          email: string
          error: string | null
          finished_at: string | null
          full_name: string
          mailing_id: string
          member_id: string | null
          status: string
          unsubscribe_token: string
        }
        Insert: {
          claimed_at?: string | null
          email: string
          error?: string | null
          finished_at?: string | null
          full_name?: string
          mailing_id: string
          member_id?: string | null
          status?: string
          unsubscribe_token?: string
        }
        Update: {
          claimed_at?: string | null
          email?: string
          error?: string | null
          finished_at?: string | null
          full_name?: string
          mailing_id?: string
          member_id?: string | null
          status?: string
          unsubscribe_token?: string
        }
        Relationships: [
          {
            foreignKeyName: "news_mailing_recipients_mailing_id_fkey"
            columns: ["mailing_id"]
            isOneToOne: false
            referencedRelation: "news_mailings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "news_mailing_recipients_member_id_fkey"
            columns: ["member_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "news_mailing_recipients_member_id_fkey"
            columns: ["member_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id"]
          },
        ]
      }
      news_mailings: {
        Row: {
          body: string | null
          community_id: string
          created_at: string
          failed: number
          finished_at: string | null
          id: string
          post_id: string | null
          requested_by: string | null
          sent: number
          started_at: string | null
          status: Database["public"]["Enums"]["news_mailing_status"]
          subject: string | null
          total: number
        }
        Insert: {
          body?: string | null
          community_id: string
          created_at?: string
          failed?: number
          finished_at?: string | null
          id?: string
          post_id?: string | null
          requested_by?: string | null
          sent?: number
          started_at?: string | null
          status?: Database["public"]["Enums"]["news_mailing_status"]
          subject?: string | null
          total?: number
        }
        Update: {
          body?: string | null
          community_id?: string
          created_at?: string
          failed?: number
          finished_at?: string | null
          id?: string
          post_id?: string | null
          requested_by?: string | null
          sent?: number
          started_at?: string | null
          status?: Database["public"]["Enums"]["news_mailing_status"]
          subject?: string | null
          total?: number
        }
        Relationships: [
          {
            foreignKeyName: "news_mailings_post_id_community_id_fkey"
            columns: ["post_id", "community_id"]
            isOneToOne: false
            referencedRelation: "news_post_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_mailings_post_id_community_id_fkey"
            columns: ["post_id", "community_id"]
            isOneToOne: false
            referencedRelation: "news_posts"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      news_posts: {
        Row: {
          allow_comments: boolean
          author_id: string | null
          author_name: string | null
          club_id: string | null
          community_id: string
          content: NonNullable<Json>
          created_at: string
          id: string
          image_path: string | null
          link_url: string | null
          published_at: string | null
          release_at: string | null
          status: Database["public"]["Enums"]["event_status"]
          title: string
          updated_at: string
          visibility: Database["public"]["Enums"]["news_visibility"]
        }
        Insert: {
          allow_comments?: boolean
          author_id?: string | null
          author_name?: string | null
          club_id?: string | null
          community_id: string
          content?: NonNullable<Json>
          created_at?: string
          id?: string
          image_path?: string | null
          link_url?: string | null
          published_at?: string | null
          release_at?: string | null
          status?: Database["public"]["Enums"]["event_status"]
          title: string
          updated_at?: string
          visibility?: Database["public"]["Enums"]["news_visibility"]
        }
        Update: {
          allow_comments?: boolean
          author_id?: string | null
          author_name?: string | null
          club_id?: string | null
          community_id?: string
          content?: NonNullable<Json>
          created_at?: string
          id?: string
          image_path?: string | null
          link_url?: string | null
          published_at?: string | null
          release_at?: string | null
          status?: Database["public"]["Enums"]["event_status"]
          title?: string
          updated_at?: string
          visibility?: Database["public"]["Enums"]["news_visibility"]
        }
        Relationships: [
          {
            foreignKeyName: "news_posts_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_posts_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "news_posts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      order_lines: {
        Row: {
          amount_ore: number
          community_id: string
          description: string
          id: string
          invoice_id: string | null
          kind: string
          order_id: string
          purchase_id: string | null
          quantity: number
          sort_order: number
          ticket_id: string | null
        }
        Insert: {
          amount_ore: number
          community_id: string
          description: string
          id?: string
          invoice_id?: string | null
          kind: string
          order_id: string
          purchase_id?: string | null
          quantity?: number
          sort_order?: number
          ticket_id?: string | null
        }
        Update: {
          amount_ore?: number
          community_id?: string
          description?: string
          id?: string
          invoice_id?: string | null
          kind?: string
          order_id?: string
          purchase_id?: string | null
          quantity?: number
          sort_order?: number
          ticket_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "order_lines_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "order_lines_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "order_lines_order_id_community_id_fkey"
            columns: ["order_id", "community_id"]
            isOneToOne: false
            referencedRelation: "order_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "order_lines_order_id_community_id_fkey"
            columns: ["order_id", "community_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "order_lines_purchase_id_community_id_fkey"
            columns: ["purchase_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_participants"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "order_lines_purchase_id_community_id_fkey"
            columns: ["purchase_id", "community_id"]
            isOneToOne: false
            referencedRelation: "ticket_purchases"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      order_status_changes: {
        Row: {
          changed_at: string
          changed_by: string | null
          community_id: string
          from_status: Database["public"]["Enums"]["order_status"] | null
          id: number
          order_id: string
          to_status: Database["public"]["Enums"]["order_status"]
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          community_id: string
          from_status?: Database["public"]["Enums"]["order_status"] | null
          id?: never
          order_id: string
          to_status: Database["public"]["Enums"]["order_status"]
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          community_id?: string
          from_status?: Database["public"]["Enums"]["order_status"] | null
          id?: never
          order_id?: string
          to_status?: Database["public"]["Enums"]["order_status"]
        }
        Relationships: [
          {
            foreignKeyName: "order_status_changes_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "order_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_status_changes_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          account_id: string | null
          amount_ore: number
          buyer_user_id: string | null
          community_id: string
          created_at: string
          currency: string
          expires_at: string | null
          id: string
          idempotency_key: string | null
          member_id: string
          paid_at: string | null
          payment_status: string
          product_id: string | null
          product_name: string
          status: Database["public"]["Enums"]["order_status"]
          status_changed_at: string
        }
        Insert: {
          account_id?: string | null
          amount_ore?: number
          buyer_user_id?: string | null
          community_id: string
          created_at?: string
          currency?: string
          expires_at?: string | null
          id?: string
          idempotency_key?: string | null
          member_id: string
          paid_at?: string | null
          payment_status?: string
          product_id?: string | null
          product_name: string
          status?: Database["public"]["Enums"]["order_status"]
          status_changed_at?: string
        }
        Update: {
          account_id?: string | null
          amount_ore?: number
          buyer_user_id?: string | null
          community_id?: string
          created_at?: string
          currency?: string
          expires_at?: string | null
          id?: string
          idempotency_key?: string | null
          member_id?: string
          paid_at?: string | null
          payment_status?: string
          product_id?: string | null
          product_name?: string
          status?: Database["public"]["Enums"]["order_status"]
          status_changed_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "orders_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "orders_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "orders_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      payment_events: {
        Row: {
          amount_ore: number
          community_id: string
          event_key: string
          id: number
          name: string
          occurred_at: string
          outcome: string
          payload: NonNullable<Json>
          received_at: string
          reference: string
          success: boolean
        }
        Insert: {
          amount_ore: number
          community_id: string
          event_key: string
          id?: never
          name: string
          occurred_at: string
          outcome: string
          payload: NonNullable<Json>
          received_at?: string
          reference: string
          success: boolean
        }
        Update: {
          amount_ore?: number
          community_id?: string
          event_key?: string
          id?: never
          name?: string
          occurred_at?: string
          outcome?: string
          payload?: NonNullable<Json>
          received_at?: string
          reference?: string
          success?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "payment_events_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_exceptions: {
        Row: {
          amount_ore: number | null
          community_id: string
          created_at: string
          detail: string
          expected_ore: number | null
          id: string
          kind: string
          order_id: string | null
          payload: Json | null
          payment_id: string | null
          reference: string | null
          resolved_at: string | null
        }
        Insert: {
          amount_ore?: number | null
          community_id: string
          created_at?: string
          detail: string
          expected_ore?: number | null
          id?: string
          kind: string
          order_id?: string | null
          payload?: Json | null
          payment_id?: string | null
          reference?: string | null
          resolved_at?: string | null
        }
        Update: {
          amount_ore?: number | null
          community_id?: string
          created_at?: string
          detail?: string
          expected_ore?: number | null
          id?: string
          kind?: string
          order_id?: string | null
          payload?: Json | null
          payment_id?: string | null
          reference?: string | null
          resolved_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payment_exceptions_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_refunds: {
        Row: {
          amount_ore: number
          community_id: string
          created_at: string
          id: string
          order_id: string
          payment_id: string
          purchase_id: string | null
          state: string
          updated_at: string
        }
        Insert: {
          amount_ore: number
          community_id: string
          created_at?: string
          id?: string
          order_id: string
          payment_id: string
          purchase_id?: string | null
          state?: string
          updated_at?: string
        }
        Update: {
          amount_ore?: number
          community_id?: string
          created_at?: string
          id?: string
          order_id?: string
          payment_id?: string
          purchase_id?: string | null
          state?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payment_refunds_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_terms: {
        Row: {
          community_id: string
          created_at: string
          days_due: number
          id: string
          is_default: boolean
          name: string
          reminder_days: number[]
          reminder_fee_ore: number
        }
        Insert: {
          community_id: string
          created_at?: string
          days_due?: number
          id?: string
          is_default?: boolean
          name: string
          reminder_days?: number[]
          reminder_fee_ore?: number
        }
        Update: {
          community_id?: string
          created_at?: string
          days_due?: number
          id?: string
          is_default?: boolean
          name?: string
          reminder_days?: number[]
          reminder_fee_ore?: number
        }
        Relationships: [
          {
            foreignKeyName: "payment_terms_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_ore: number
          community_id: string
          created_at: string
          currency: string
          id: string
          method: string
          order_id: string
          provider: string
          psp_reference: string | null
          redirect_url: string | null
          reference: string
          state: string
          updated_at: string
        }
        Insert: {
          amount_ore: number
          community_id: string
          created_at?: string
          currency?: string
          id?: string
          method: string
          order_id: string
          provider?: string
          psp_reference?: string | null
          redirect_url?: string | null
          reference: string
          state?: string
          updated_at?: string
        }
        Update: {
          amount_ore?: number
          community_id?: string
          created_at?: string
          currency?: string
          id?: string
          method?: string
          order_id?: string
          provider?: string
          psp_reference?: string | null
          redirect_url?: string | null
          reference?: string
          state?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payments_order_id_community_id_fkey"
            columns: ["order_id", "community_id"]
            isOneToOne: false
            referencedRelation: "order_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "payments_order_id_community_id_fkey"
            columns: ["order_id", "community_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      product_availability: {
        Row: {
          community_id: string
          ends_at: string
          id: string
          on_date: string | null
          product_id: string
          starts_at: string
          weekday: number | null
        }
        Insert: {
          community_id: string
          ends_at: string
          id?: string
          on_date?: string | null
          product_id: string
          starts_at: string
          weekday?: number | null
        }
        Update: {
          community_id?: string
          ends_at?: string
          id?: string
          on_date?: string | null
          product_id?: string
          starts_at?: string
          weekday?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "product_availability_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      product_required_certificates: {
        Row: {
          community_id: string
          kind: string
          product_id: string
        }
        Insert: {
          community_id: string
          kind: string
          product_id: string
        }
        Update: {
          community_id?: string
          kind?: string
          product_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_required_certificates_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      product_required_groups: {
        Row: {
          community_id: string
          group_id: string
          product_id: string
        }
        Insert: {
          community_id: string
          group_id: string
          product_id: string
        }
        Update: {
          community_id?: string
          group_id?: string
          product_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_required_groups_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "product_required_groups_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "product_required_groups_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      purchase_addons: {
        Row: {
          community_id: string
          id: string
          option_id: string
          purchase_id: string
          quantity: number
          unit_price_ore: number
        }
        Insert: {
          community_id: string
          id?: string
          option_id: string
          purchase_id: string
          quantity: number
          unit_price_ore: number
        }
        Update: {
          community_id?: string
          id?: string
          option_id?: string
          purchase_id?: string
          quantity?: number
          unit_price_ore?: number
        }
        Relationships: [
          {
            foreignKeyName: "purchase_addons_option_id_community_id_fkey"
            columns: ["option_id", "community_id"]
            isOneToOne: false
            referencedRelation: "addon_options"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "purchase_addons_purchase_id_community_id_fkey"
            columns: ["purchase_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_participants"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "purchase_addons_purchase_id_community_id_fkey"
            columns: ["purchase_id", "community_id"]
            isOneToOne: false
            referencedRelation: "ticket_purchases"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      redirects: {
        Row: {
          active: boolean
          community_id: string | null
          created_at: string
          from_path: string
          id: string
          status_code: number
          to_url: string
        }
        Insert: {
          active?: boolean
          community_id?: string | null
          created_at?: string
          from_path: string
          id?: string
          status_code?: number
          to_url: string
        }
        Update: {
          active?: boolean
          community_id?: string | null
          created_at?: string
          from_path?: string
          id?: string
          status_code?: number
          to_url?: string
        }
        Relationships: [
          {
            foreignKeyName: "redirects_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      storage_content_checks: {
        Row: {
          bucket_id: string
        }
        Insert: {
          bucket_id: string
        }
        Update: {
          bucket_id?: string
        }
        Relationships: []
      }
      tags: {
        Row: {
          color: string | null
          community_id: string
          created_at: string
          id: string
          name: string
        }
        Insert: {
          color?: string | null
          community_id: string
          created_at?: string
          id?: string
          name: string
        }
        Update: {
          color?: string | null
          community_id?: string
          created_at?: string
          id?: string
          name?: string
        }
        Relationships: [
          {
            foreignKeyName: "tags_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      ticket_purchases: {
        Row: {
          added_by: string | null
          cancelled_at: string | null
          checked_in_at: string | null
          community_id: string
          currency: string
          event_id: string
          guest_email: string | null
          guest_name: string | null
          id: string
          member_id: string | null
          payment: string | null
          purchased_at: string
          quantity: number
          status: string
          ticket_id: string
          total_ore: number
          unit_price_ore: number
        }
        Insert: {
          added_by?: string | null
          cancelled_at?: string | null
          checked_in_at?: string | null
          community_id: string
          currency?: string
          event_id: string
          guest_email?: string | null
          guest_name?: string | null
          id?: string
          member_id?: string | null
          payment?: string | null
          purchased_at?: string
          quantity?: number
          status?: string
          ticket_id: string
          total_ore?: number
          unit_price_ore?: number
        }
        Update: {
          added_by?: string | null
          cancelled_at?: string | null
          checked_in_at?: string | null
          community_id?: string
          currency?: string
          event_id?: string
          guest_email?: string | null
          guest_name?: string | null
          id?: string
          member_id?: string | null
          payment?: string | null
          purchased_at?: string
          quantity?: number
          status?: string
          ticket_id?: string
          total_ore?: number
          unit_price_ore?: number
        }
        Relationships: [
          {
            foreignKeyName: "ticket_purchases_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_ticket_id_community_id_fkey"
            columns: ["ticket_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tickets"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      tickets: {
        Row: {
          community_id: string
          created_at: string
          currency: string
          event_id: string
          id: string
          is_free: boolean | null
          join_closes_at: string | null
          join_opens_at: string | null
          max_per_purchase: number
          name: string
          participant_limit: number | null
          price_ore: number
          refund_closes_at: string | null
          sort_order: number
        }
        Insert: {
          community_id: string
          created_at?: string
          currency?: string
          event_id: string
          id?: string
          is_free?: never
          join_closes_at?: string | null
          join_opens_at?: string | null
          max_per_purchase?: number
          name: string
          participant_limit?: number | null
          price_ore?: number
          refund_closes_at?: string | null
          sort_order?: number
        }
        Update: {
          community_id?: string
          created_at?: string
          currency?: string
          event_id?: string
          id?: string
          is_free?: never
          join_closes_at?: string | null
          join_opens_at?: string | null
          max_per_purchase?: number
          name?: string
          participant_limit?: number | null
          price_ore?: number
          refund_closes_at?: string | null
          sort_order?: number
        }
        Relationships: [
          {
            foreignKeyName: "tickets_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "tickets_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      volunteer_credit_rules: {
        Row: {
          active: boolean
          community_id: string
          created_at: string
          credit_ore: number
          id: string
          min_hours: number
          name: string
          season_end: string
          season_start: string
        }
        Insert: {
          active?: boolean
          community_id: string
          created_at?: string
          credit_ore: number
          id?: string
          min_hours: number
          name: string
          season_end: string
          season_start: string
        }
        Update: {
          active?: boolean
          community_id?: string
          created_at?: string
          credit_ore?: number
          id?: string
          min_hours?: number
          name?: string
          season_end?: string
          season_start?: string
        }
        Relationships: [
          {
            foreignKeyName: "volunteer_credit_rules_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      volunteer_credits: {
        Row: {
          applied_ore: number | null
          community_id: string
          credit_ore: number
          earned_at: string
          hours: number
          id: string
          invoice_id: string | null
          member_id: string
          rule_id: string
        }
        Insert: {
          applied_ore?: number | null
          community_id: string
          credit_ore: number
          earned_at?: string
          hours: number
          id?: string
          invoice_id?: string | null
          member_id: string
          rule_id: string
        }
        Update: {
          applied_ore?: number | null
          community_id?: string
          credit_ore?: number
          earned_at?: string
          hours?: number
          id?: string
          invoice_id?: string | null
          member_id?: string
          rule_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "volunteer_credits_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_credits_invoice_id_community_id_fkey"
            columns: ["invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_credits_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_credits_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_credits_rule_id_community_id_fkey"
            columns: ["rule_id", "community_id"]
            isOneToOne: false
            referencedRelation: "volunteer_credit_rules"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      volunteer_jobs: {
        Row: {
          community_id: string
          compensation: string | null
          description: string | null
          event_id: string
          id: string
          relevant_roles: string[]
          requires_child_certificate: boolean
          slots: number
          title: string
        }
        Insert: {
          community_id: string
          compensation?: string | null
          description?: string | null
          event_id: string
          id?: string
          relevant_roles?: string[]
          requires_child_certificate?: boolean
          slots?: number
          title: string
        }
        Update: {
          community_id?: string
          compensation?: string | null
          description?: string | null
          event_id?: string
          id?: string
          relevant_roles?: string[]
          requires_child_certificate?: boolean
          slots?: number
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "volunteer_jobs_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_jobs_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      volunteer_signups: {
        Row: {
          checked_in_at: string | null
          checked_out_at: string | null
          community_id: string
          created_at: string
          guest_email: string | null
          guest_name: string | null
          id: string
          job_id: string
          member_id: string | null
          status: string
          timeslot_id: string | null
        }
        Insert: {
          checked_in_at?: string | null
          checked_out_at?: string | null
          community_id: string
          created_at?: string
          guest_email?: string | null
          guest_name?: string | null
          id?: string
          job_id: string
          member_id?: string | null
          status?: string
          timeslot_id?: string | null
        }
        Update: {
          checked_in_at?: string | null
          checked_out_at?: string | null
          community_id?: string
          created_at?: string
          guest_email?: string | null
          guest_name?: string | null
          id?: string
          job_id?: string
          member_id?: string | null
          status?: string
          timeslot_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "volunteer_signups_job_id_community_id_fkey"
            columns: ["job_id", "community_id"]
            isOneToOne: false
            referencedRelation: "volunteer_jobs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_signups_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_signups_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "volunteer_signups_timeslot_id_community_id_fkey"
            columns: ["timeslot_id", "community_id"]
            isOneToOne: false
            referencedRelation: "volunteer_timeslots"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      volunteer_timeslots: {
        Row: {
          community_id: string
          ends_at: string
          id: string
          job_id: string
          slots: number | null
          starts_at: string
        }
        Insert: {
          community_id: string
          ends_at: string
          id?: string
          job_id: string
          slots?: number | null
          starts_at: string
        }
        Update: {
          community_id?: string
          ends_at?: string
          id?: string
          job_id?: string
          slots?: number | null
          starts_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "volunteer_timeslots_job_id_community_id_fkey"
            columns: ["job_id", "community_id"]
            isOneToOne: false
            referencedRelation: "volunteer_jobs"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
    }
    Views: {
      billing_account_balances: {
        Row: {
          account_id: string | null
          balance_ore: number | null
          community_id: string | null
          credit_ore: number | null
          outstanding_ore: number | null
          overdue_ore: number | null
        }
        Relationships: [
          {
            foreignKeyName: "billing_accounts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      billing_account_summaries: {
        Row: {
          balance_ore: number | null
          community_id: string | null
          created_at: string | null
          credit_ore: number | null
          cvr: string | null
          ean: string | null
          email: string | null
          id: string | null
          kind: string | null
          language: string | null
          member_id: string | null
          name: string | null
          outstanding_ore: number | null
          overdue_ore: number | null
          payment_terms_id: string | null
          plan_id: string | null
        }
        Relationships: [
          {
            foreignKeyName: "billing_accounts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "billing_accounts_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_payment_terms_id_community_id_fkey"
            columns: ["payment_terms_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payment_terms"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "billing_accounts_plan_id_community_id_fkey"
            columns: ["plan_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_plans"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      clubs_with_counts: {
        Row: {
          community_id: string | null
          contact_email: string | null
          contact_name: string | null
          contact_phone: string | null
          created_at: string | null
          cvr: string | null
          description: string | null
          group_count: number | null
          id: string | null
          logo_path: string | null
          member_count: number | null
          name: string | null
        }
        Insert: {
          community_id?: string | null
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          created_at?: string | null
          cvr?: string | null
          description?: string | null
          group_count?: never
          id?: string | null
          logo_path?: string | null
          member_count?: never
          name?: string | null
        }
        Update: {
          community_id?: string | null
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          created_at?: string | null
          cvr?: string | null
          description?: string | null
          group_count?: never
          id?: string | null
          logo_path?: string | null
          member_count?: never
          name?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "clubs_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      event_admin_participants: {
        Row: {
          added_by: string | null
          addons: Json | null
          cancelled_at: string | null
          checked_in_at: string | null
          community_id: string | null
          currency: string | null
          event_id: string | null
          guest_email: string | null
          guest_name: string | null
          id: string | null
          member_email: string | null
          member_id: string | null
          member_name: string | null
          payment: string | null
          purchased_at: string | null
          quantity: number | null
          status: string | null
          ticket_id: string | null
          ticket_name: string | null
          total_ore: number | null
          unit_price_ore: number | null
        }
        Relationships: [
          {
            foreignKeyName: "ticket_purchases_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_event_id_community_id_fkey"
            columns: ["event_id", "community_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "ticket_purchases_ticket_id_community_id_fkey"
            columns: ["ticket_id", "community_id"]
            isOneToOne: false
            referencedRelation: "tickets"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      event_admin_summaries: {
        Row: {
          capacity: number | null
          community_id: string | null
          created_at: string | null
          effective_status: string | null
          ends_at: string | null
          id: string | null
          image_path: string | null
          kind: Database["public"]["Enums"]["event_kind"] | null
          location: string | null
          release_at: string | null
          repeat: Database["public"]["Enums"]["repeat_rule"] | null
          revenue_ore: number | null
          series_id: string | null
          starts_at: string | null
          status: Database["public"]["Enums"]["event_status"] | null
          tickets_sold: number | null
          title: string | null
          updated_at: string | null
          visibility: Database["public"]["Enums"]["event_visibility"] | null
        }
        Insert: {
          capacity?: never
          community_id?: string | null
          created_at?: string | null
          effective_status?: never
          ends_at?: string | null
          id?: string | null
          image_path?: string | null
          kind?: Database["public"]["Enums"]["event_kind"] | null
          location?: string | null
          release_at?: string | null
          repeat?: Database["public"]["Enums"]["repeat_rule"] | null
          revenue_ore?: never
          series_id?: string | null
          starts_at?: string | null
          status?: Database["public"]["Enums"]["event_status"] | null
          tickets_sold?: never
          title?: string | null
          updated_at?: string | null
          visibility?: Database["public"]["Enums"]["event_visibility"] | null
        }
        Update: {
          capacity?: never
          community_id?: string | null
          created_at?: string | null
          effective_status?: never
          ends_at?: string | null
          id?: string | null
          image_path?: string | null
          kind?: Database["public"]["Enums"]["event_kind"] | null
          location?: string | null
          release_at?: string | null
          repeat?: Database["public"]["Enums"]["repeat_rule"] | null
          revenue_ore?: never
          series_id?: string | null
          starts_at?: string | null
          status?: Database["public"]["Enums"]["event_status"] | null
          tickets_sold?: never
          title?: string | null
          updated_at?: string | null
          visibility?: Database["public"]["Enums"]["event_visibility"] | null
        }
        Relationships: [
          {
            foreignKeyName: "events_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "event_admin_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      group_admin_summaries: {
        Row: {
          archived: boolean | null
          archived_at: string | null
          community_id: string | null
          cover_image_path: string | null
          created_at: string | null
          currency: string | null
          ever_had_members: boolean | null
          id: string | null
          member_count: number | null
          owner_member_id: string | null
          owner_name: string | null
          paid: boolean | null
          payment_frequency:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          pending_requests: number | null
          price_ore: number | null
          requires_approval: boolean | null
          tag_ids: string[] | null
          title: string | null
          visibility: Database["public"]["Enums"]["group_visibility"] | null
        }
        Insert: {
          archived?: boolean | null
          archived_at?: string | null
          community_id?: string | null
          cover_image_path?: string | null
          created_at?: string | null
          currency?: string | null
          ever_had_members?: never
          id?: string | null
          member_count?: never
          owner_member_id?: string | null
          owner_name?: never
          paid?: never
          payment_frequency?:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          pending_requests?: never
          price_ore?: number | null
          requires_approval?: boolean | null
          tag_ids?: never
          title?: string | null
          visibility?: Database["public"]["Enums"]["group_visibility"] | null
        }
        Update: {
          archived?: boolean | null
          archived_at?: string | null
          community_id?: string | null
          cover_image_path?: string | null
          created_at?: string | null
          currency?: string | null
          ever_had_members?: never
          id?: string | null
          member_count?: never
          owner_member_id?: string | null
          owner_name?: never
          paid?: never
          payment_frequency?:
            | Database["public"]["Enums"]["payment_frequency"]
            | null
          pending_requests?: never
          price_ore?: number | null
          requires_approval?: boolean | null
          tag_ids?: never
          title?: string | null
          visibility?: Database["public"]["Enums"]["group_visibility"] | null
        }
        Relationships: [
          {
            foreignKeyName: "groups_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "groups_owner_member_id_community_id_fkey"
            columns: ["owner_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "groups_owner_member_id_community_id_fkey"
            columns: ["owner_member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      group_join_request_list: {
        Row: {
          community_id: string | null
          created_at: string | null
          email: string | null
          full_name: string | null
          group_id: string | null
          id: string | null
          member_id: string | null
          message: string | null
        }
        Relationships: [
          {
            foreignKeyName: "group_join_requests_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "group_admin_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_group_id_community_id_fkey"
            columns: ["group_id", "community_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "group_join_requests_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      group_member_roster: {
        Row: {
          community_id: string | null
          email: string | null
          full_name: string | null
          group_id: string | null
          id: string | null
          joined_at: string | null
          last_charged_period: string | null
          member_id: string | null
          mid: number | null
          payment_status: string | null
          role: string | null
          welcome_sent_at: string | null
        }
        Relationships: []
      }
      invoice_summaries: {
        Row: {
          account_id: string | null
          account_kind: string | null
          account_name: string | null
          community_id: string | null
          created_at: string | null
          credited_invoice_id: string | null
          currency: string | null
          due_on: string | null
          emailed_at: string | null
          fees_ore: number | null
          id: string | null
          issued_on: string | null
          kind: string | null
          list_status: string | null
          note: string | null
          number: number | null
          outstanding_ore: number | null
          paid_ore: number | null
          status: Database["public"]["Enums"]["invoice_status"] | null
          subtotal_ore: number | null
          total_ore: number | null
          vat_ore: number | null
        }
        Relationships: [
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_account_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "billing_accounts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_account_id_community_id_fkey"
            columns: ["account_id", "community_id"]
            isOneToOne: false
            referencedRelation: "payer_balances"
            referencedColumns: ["account_id", "community_id"]
          },
          {
            foreignKeyName: "invoices_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoices_credited_invoice_id_community_id_fkey"
            columns: ["credited_invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoice_summaries"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "invoices_credited_invoice_id_community_id_fkey"
            columns: ["credited_invoice_id", "community_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      member_directory: {
        Row: {
          club_id: string | null
          community_id: string | null
          contact_visible: boolean | null
          email: string | null
          first_name: string | null
          full_name: string | null
          id: string | null
          last_name: string | null
          mid: number | null
          phone: string | null
          status: Database["public"]["Enums"]["member_status"] | null
        }
        Relationships: [
          {
            foreignKeyName: "members_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "members_club_id_community_id_fkey"
            columns: ["club_id", "community_id"]
            isOneToOne: false
            referencedRelation: "clubs_with_counts"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "members_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      news_post_summaries: {
        Row: {
          allow_comments: boolean | null
          author_id: string | null
          author_name: string | null
          comment_count: number | null
          community_id: string | null
          created_at: string | null
          effective_status: Database["public"]["Enums"]["event_status"] | null
          hidden_comment_count: number | null
          id: string | null
          image_path: string | null
          link_url: string | null
          published_at: string | null
          release_at: string | null
          shown_at: string | null
          status: Database["public"]["Enums"]["event_status"] | null
          title: string | null
          updated_at: string | null
          visibility: Database["public"]["Enums"]["news_visibility"] | null
        }
        Insert: {
          allow_comments?: boolean | null
          author_id?: string | null
          author_name?: string | null
          comment_count?: never
          community_id?: string | null
          created_at?: string | null
          effective_status?: never
          hidden_comment_count?: never
          id?: string | null
          image_path?: string | null
          link_url?: string | null
          published_at?: string | null
          release_at?: string | null
          shown_at?: never
          status?: Database["public"]["Enums"]["event_status"] | null
          title?: string | null
          updated_at?: string | null
          visibility?: Database["public"]["Enums"]["news_visibility"] | null
        }
        Update: {
          allow_comments?: boolean | null
          author_id?: string | null
          author_name?: string | null
          comment_count?: never
          community_id?: string | null
          created_at?: string | null
          effective_status?: never
          hidden_comment_count?: never
          id?: string | null
          image_path?: string | null
          link_url?: string | null
          published_at?: string | null
          release_at?: string | null
          shown_at?: never
          status?: Database["public"]["Enums"]["event_status"] | null
          title?: string | null
          updated_at?: string | null
          visibility?: Database["public"]["Enums"]["news_visibility"] | null
        }
        Relationships: [
          {
            foreignKeyName: "news_posts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      order_history: {
        Row: {
          changed_at: string | null
          changed_by: string | null
          changed_by_name: string | null
          community_id: string | null
          from_status: Database["public"]["Enums"]["order_status"] | null
          id: number | null
          order_id: string | null
          to_status: Database["public"]["Enums"]["order_status"] | null
        }
        Insert: {
          changed_at?: string | null
          changed_by?: string | null
          changed_by_name?: never
          community_id?: string | null
          from_status?: Database["public"]["Enums"]["order_status"] | null
          id?: number | null
          order_id?: string | null
          to_status?: Database["public"]["Enums"]["order_status"] | null
        }
        Update: {
          changed_at?: string | null
          changed_by?: string | null
          changed_by_name?: never
          community_id?: string | null
          from_status?: Database["public"]["Enums"]["order_status"] | null
          id?: number | null
          order_id?: string | null
          to_status?: Database["public"]["Enums"]["order_status"] | null
        }
        Relationships: [
          {
            foreignKeyName: "order_status_changes_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "order_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_status_changes_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      order_summaries: {
        Row: {
          amount_ore: number | null
          community_id: string | null
          created_at: string | null
          currency: string | null
          id: string | null
          member_id: string | null
          member_name: string | null
          product_id: string | null
          product_name: string | null
          status: Database["public"]["Enums"]["order_status"] | null
          status_changed_at: string | null
        }
        Insert: {
          amount_ore?: number | null
          community_id?: string | null
          created_at?: string | null
          currency?: string | null
          id?: string | null
          member_id?: string | null
          member_name?: never
          product_id?: string | null
          product_name?: string | null
          status?: Database["public"]["Enums"]["order_status"] | null
          status_changed_at?: string | null
        }
        Update: {
          amount_ore?: number | null
          community_id?: string | null
          created_at?: string | null
          currency?: string | null
          id?: string | null
          member_id?: string | null
          member_name?: never
          product_id?: string | null
          product_name?: string | null
          status?: Database["public"]["Enums"]["order_status"] | null
          status_changed_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "orders_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "member_directory"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "orders_member_id_community_id_fkey"
            columns: ["member_id", "community_id"]
            isOneToOne: false
            referencedRelation: "members"
            referencedColumns: ["id", "community_id"]
          },
          {
            foreignKeyName: "orders_product_id_community_id_fkey"
            columns: ["product_id", "community_id"]
            isOneToOne: false
            referencedRelation: "booking_products"
            referencedColumns: ["id", "community_id"]
          },
        ]
      }
      payer_balances: {
        Row: {
          account_id: string | null
          balance_ore: number | null
          community_id: string | null
          credit_ore: number | null
          outstanding_ore: number | null
        }
        Relationships: [
          {
            foreignKeyName: "billing_accounts_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
      tags_with_usage: {
        Row: {
          color: string | null
          community_id: string | null
          created_at: string | null
          event_count: number | null
          group_count: number | null
          id: string | null
          member_count: number | null
          name: string | null
        }
        Insert: {
          color?: string | null
          community_id?: string | null
          created_at?: string | null
          event_count?: never
          group_count?: never
          id?: string | null
          member_count?: never
          name?: string | null
        }
        Update: {
          color?: string | null
          community_id?: string | null
          created_at?: string | null
          event_count?: never
          group_count?: never
          id?: string | null
          member_count?: never
          name?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "tags_community_id_fkey"
            columns: ["community_id"]
            isOneToOne: false
            referencedRelation: "communities"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      accounting_export_csv: {
        Args: { p_community_id: string; p_from: string; p_to: string }
        Returns: string
      }
      accounting_postings: {
        Args: { p_community_id: string; p_from: string; p_to: string }
        Returns: {
          account: string
          amount_ore: number
          description: string
          posted_on: string
          vat_code: string
          voucher: string
        }[]
      }
      add_community_owner: {
        Args: { p_community_id: string; p_user_id: string }
        Returns: {
          areas: Database["public"]["Enums"]["admin_area"][]
          community_id: string
          created_at: string
          id: string
          membership_manager: boolean
          role: Database["public"]["Enums"]["membership_role"]
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "memberships"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_event_participant: {
        Args: {
          p_addons?: Json
          p_community_id: string
          p_guest_email?: string
          p_guest_name?: string
          p_member_id?: string
          p_payment?: string
          p_quantity?: number
          p_ticket_id: string
        }
        Returns: string
      }
      add_group_member: {
        Args: { p_group_id: string; p_member_id: string; p_role?: string }
        Returns: string
      }
      add_volunteer: {
        Args: {
          p_community_id: string
          p_guest_email?: string
          p_guest_name?: string
          p_job_id: string
          p_member_id?: string
          p_timeslot_id?: string
        }
        Returns: string
      }
      admin_book_product: {
        Args: {
          p_ends_local: string
          p_member_id: string
          p_note?: string
          p_product_id: string
          p_share_contact?: boolean
          p_starts_local: string
        }
        Returns: string
      }
      admit_purchase: {
        Args: {
          p_community_id: string
          p_event_id: string
          p_purchase_id: string
        }
        Returns: Json
      }
      admit_ticket: {
        Args: { p_code: string; p_community_id: string; p_event_id: string }
        Returns: Json
      }
      analytics_booking_utilisation: {
        Args: {
          p_club_id?: string
          p_community_id: string
          p_from: string
          p_to: string
        }
        Returns: {
          available_hours: number
          booked_hours: number
          bookings: number
          name: string
          product_id: string
          utilisation: number
        }[]
      }
      analytics_event_attendance: {
        Args: {
          p_club_id?: string
          p_community_id: string
          p_from: string
          p_to: string
        }
        Returns: {
          capacity: number
          checked_in: number
          event_id: string
          revenue_ore: number
          starts_at: string
          tickets_sold: number
          title: string
        }[]
      }
      analytics_group_growth: {
        Args: {
          p_bucket?: string
          p_club_id?: string
          p_community_id: string
          p_from: string
          p_to: string
        }
        Returns: {
          group_id: string
          joined: number
          members: number
          period_start: string
          title: string
        }[]
      }
      analytics_member_demographics: {
        Args: { p_club_id?: string; p_community_id: string; p_on: string }
        Returns: {
          active: number
          age_band: string
          gender: string
          members: number
        }[]
      }
      analytics_members_over_time: {
        Args: {
          p_bucket?: string
          p_club_id?: string
          p_community_id: string
          p_from: string
          p_to: string
        }
        Returns: {
          active: number
          joined: number
          left_count: number
          members: number
          period_start: string
        }[]
      }
      append_member_import_rows: {
        Args: { p_job_id: string; p_rows: Json }
        Returns: number
      }
      apply_account_credit: { Args: { p_invoice_id: string }; Returns: number }
      apply_data_retention: { Args: { p_limit?: number }; Returns: number }
      apply_volunteer_credits: {
        Args: { p_invoice_id: string }
        Returns: number
      }
      billing_overview: { Args: { p_community_id: string }; Returns: Json }
      book_product: {
        Args: {
          p_ends_at: string
          p_note?: string
          p_product_id: string
          p_share_contact?: boolean
          p_starts_at: string
        }
        Returns: string
      }
      booking_calendar: {
        Args: { p_community_id: string; p_from: string; p_to: string }
        Returns: {
          ends_at: string
          id: string
          member_name: string
          product_id: string
          starts_at: string
          status: Database["public"]["Enums"]["booking_status"]
        }[]
      }
      booking_feed_token: {
        Args: { p_member_id?: string; p_product_id?: string; p_renew?: boolean }
        Returns: string
      }
      booking_requirements_check: {
        Args: { p_day: string; p_member_id: string; p_product_id: string }
        Returns: Json
      }
      booking_utilisation: {
        Args: {
          p_bucket?: string
          p_community_id: string
          p_from: string
          p_to: string
        }
        Returns: {
          booked_hours: number
          bookings: number
          name: string
          period_start: string
          product_id: string
          under25_hours: number
        }[]
      }
      buy_ticket: {
        Args: { p_addons?: Json; p_quantity?: number; p_ticket_id: string }
        Returns: string
      }
      cancel_booking: {
        Args: { p_booking_id: string; p_scope?: string }
        Returns: Json
      }
      cancel_event: {
        Args: { p_event_id: string; p_scope?: string }
        Returns: number
      }
      cancel_ticket: { Args: { p_purchase_id: string }; Returns: undefined }
      cancel_unsent_reminder: {
        Args: { p_reminder_id: string }
        Returns: undefined
      }
      cancel_volunteer_signup: {
        Args: { p_signup_id: string }
        Returns: undefined
      }
      change_order_status: {
        Args: {
          p_order_ids: string[]
          p_status: Database["public"]["Enums"]["order_status"]
        }
        Returns: number
      }
      check_in_booking: { Args: { p_booking_id: string }; Returns: string }
      check_new_community: {
        Args: { p_name: string; p_slug?: string }
        Returns: string
      }
      checkout_payment: {
        Args: { p_method: string; p_order_id: string }
        Returns: Json
      }
      comment_on_post: {
        Args: { p_body: string; p_post_id: string }
        Returns: string
      }
      complete_first_run_setup: {
        Args: {
          p_default_language?: string
          p_name: string
          p_owner_user_id: string
          p_token: string
        }
        Returns: {
          created_at: string
          currency: string
          cvr: string | null
          default_language: string
          id: string
          logo_path: string | null
          name: string
          slug: string
          time_zone: string
        }
        SetofOptions: {
          from: "*"
          to: "communities"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      complete_payment: { Args: { p_payment_id: string }; Returns: Json }
      complete_refund: {
        Args: { p_detail?: string; p_refund_id: string; p_refunded: boolean }
        Returns: Json
      }
      create_booking_series: {
        Args: {
          p_ends: string
          p_first_day: string
          p_last_day: string
          p_member_id: string
          p_note?: string
          p_product_id: string
          p_share_contact?: boolean
          p_skip_conflicts?: boolean
          p_skip_holidays?: boolean
          p_starts: string
          p_weekday: number
        }
        Returns: Json
      }
      create_community: {
        Args: {
          p_default_language?: string
          p_name: string
          p_owner_user_id: string
          p_slug?: string
          p_time_zone?: string
        }
        Returns: {
          created_at: string
          currency: string
          cvr: string | null
          default_language: string
          id: string
          logo_path: string | null
          name: string
          slug: string
          time_zone: string
        }
        SetofOptions: {
          from: "*"
          to: "communities"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_due_reminders: {
        Args: { p_community_id: string; p_day?: string }
        Returns: {
          fee_ore: number
          invoice_id: string
          invoice_number: number
          reminder_id: string
          seq: number
        }[]
      }
      credit_invoice: {
        Args: { p_invoice_id: string; p_reason?: string }
        Returns: string
      }
      custom_access_token_hook: { Args: { event: Json }; Returns: Json }
      danish_holidays: {
        Args: { p_from: string; p_to: string }
        Returns: {
          name_da: string
          name_en: string
          on_date: string
        }[]
      }
      decide_group_join_request: {
        Args: { p_approve: boolean; p_request_id: string }
        Returns: string
      }
      delete_booking_product: {
        Args: { p_product_id: string }
        Returns: number
      }
      delete_club: { Args: { p_club_id: string }; Returns: Json }
      door_list: {
        Args: { p_community_id: string; p_event_id: string }
        Returns: {
          checked_in_at: string
          code_hash: string
          name: string
          purchase_id: string
          quantity: number
          state: string
          ticket_name: string
        }[]
      }
      erase_member: { Args: { p_member_id: string }; Returns: undefined }
      expand_event_series: { Args: { p_event_id: string }; Returns: number }
      expire_checkouts: { Args: Record<PropertyKey, never>; Returns: number }
      export_members: {
        Args: { p_community_id: string }
        Returns: {
          birth_date: string
          city: string
          cpr: string
          email: string
          first_name: string
          gender: Database["public"]["Enums"]["gender"]
          joined_on: string
          last_name: string
          left_on: string
          membership_id: string
          mid: number
          phone: string
          postal_code: string
          status: Database["public"]["Enums"]["member_status"]
          street: string
        }[]
      }
      find_member_by_cpr: {
        Args: { p_community_id: string; p_cpr: string }
        Returns: {
          birth_date: string | null
          city: string | null
          club_id: string | null
          community_id: string
          consent_note: string | null
          country: string
          cpr_masked: string | null
          created_at: string
          door: string | null
          email: string | null
          erased_at: string | null
          first_name: string
          floor: string | null
          full_name: string | null
          gender: Database["public"]["Enums"]["gender"] | null
          house_number: string | null
          id: string
          joined_on: string
          last_name: string
          left_on: string | null
          membership_id: string | null
          mid: number
          permissions: string[]
          phone: string | null
          postal_code: string | null
          roles: string[]
          status: Database["public"]["Enums"]["member_status"]
          street: string | null
          updated_at: string
          user_id: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "members"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      find_member_duplicates: {
        Args: { p_community_id: string; p_rows: Json }
        Returns: {
          full_name: string
          member_id: string
          mid: number
          reason: string
          row_no: number
        }[]
      }
      group_welcome_email: {
        Args: { p_group_id: string; p_member_id: string }
        Returns: {
          community_name: string
          email: string
          full_name: string
          group_title: string
          welcome_email: string
        }[]
      }
      group_welcome_message: {
        Args: { p_group_id: string; p_member_id: string }
        Returns: {
          body: string
          community_name: string
          email: string
          full_name: string
          language: string
          subject: string
        }[]
      }
      import_bank_statement: {
        Args: { p_community_id: string; p_lines: Json }
        Returns: Json
      }
      import_members: {
        Args: { p_community_id: string; p_rows: Json }
        Returns: {
          error_code: string
          error_field: string
          member_id: string
          outcome: string
          row_no: number
        }[]
      }
      invoice_document: { Args: { p_invoice_id: string }; Returns: Json }
      invoice_group_fees: {
        Args: { p_community_id: string; p_day?: string; p_limit?: number }
        Returns: {
          invoice_id: string
          invoice_number: number
          lines: number
          member_id: string
          total_ore: number
        }[]
      }
      invoice_list_count: {
        Args: { p_community_id: string; p_status?: string }
        Returns: number
      }
      issue_invoice: { Args: { p_invoice_id: string }; Returns: number }
      join_group: { Args: { p_group_id: string }; Returns: string }
      leave_group: { Args: { p_group_id: string }; Returns: undefined }
      link_member_account: { Args: { p_member_id: string }; Returns: string }
      list_administrators: {
        Args: { p_community_id: string }
        Returns: {
          areas: Database["public"]["Enums"]["admin_area"][]
          created_at: string
          email: string
          full_name: string
          invitation_pending: boolean
          last_sign_in_at: string
          membership_id: string
          membership_manager: boolean
          role: Database["public"]["Enums"]["membership_role"]
          user_id: string
        }[]
      }
      lookup_member_directory: {
        Args: { p_community_id: string; p_limit?: number; p_query: string }
        Returns: {
          club_id: string | null
          community_id: string | null
          contact_visible: boolean | null
          email: string | null
          first_name: string | null
          full_name: string | null
          id: string | null
          last_name: string | null
          mid: number | null
          phone: string | null
          status: Database["public"]["Enums"]["member_status"] | null
        }[]
        SetofOptions: {
          from: "*"
          to: "member_directory"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      lookup_members: {
        Args: { p_community_id: string; p_limit?: number; p_query: string }
        Returns: {
          birth_date: string | null
          city: string | null
          club_id: string | null
          community_id: string
          consent_note: string | null
          country: string
          cpr_masked: string | null
          created_at: string
          door: string | null
          email: string | null
          erased_at: string | null
          first_name: string
          floor: string | null
          full_name: string | null
          gender: Database["public"]["Enums"]["gender"] | null
          house_number: string | null
          id: string
          joined_on: string
          last_name: string
          left_on: string | null
          membership_id: string | null
          mid: number
          permissions: string[]
          phone: string | null
          postal_code: string | null
          roles: string[]
          status: Database["public"]["Enums"]["member_status"]
          street: string | null
          updated_at: string
          user_id: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "members"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      make_default_payment_terms: {
        Args: { p_terms_id: string }
        Returns: undefined
      }
      mark_invoice_emailed: {
        Args: { p_invoice_id: string; p_reminder_id?: string }
        Returns: undefined
      }
      mark_welcome_sent: {
        Args: { p_group_id: string; p_member_id: string }
        Returns: undefined
      }
      may_grant_access: { Args: { p_community_id: string }; Returns: boolean }
      member_history_entries: {
        Args: { p_member_id: string }
        Returns: {
          action: string
          actor_name: string
          at: string
          changes: Json
          id: number
          reason: string
        }[]
      }
      member_invite_target: {
        Args: { p_member_id: string }
        Returns: {
          community_name: string
          email: string
          full_name: string
        }[]
      }
      member_overview: { Args: { p_member_id: string }; Returns: Json }
      member_personal_data: { Args: { p_member_id: string }; Returns: Json }
      member_register: {
        Args: {
          p_ascending?: boolean
          p_community_id: string
          p_count?: boolean
          p_filters?: Json
          p_limit?: number
          p_offset?: number
          p_sort?: string
        }
        Returns: Json
      }
      merge_tags: {
        Args: { p_source_id: string; p_target_id: string }
        Returns: Json
      }
      move_to_club: {
        Args: {
          p_club_id: string
          p_group_ids?: string[]
          p_member_ids?: string[]
        }
        Returns: Json
      }
      my_ticket_codes: {
        Args: { p_community_id: string }
        Returns: {
          code: string
          purchase_id: string
        }[]
      }
      news_author_candidates: {
        Args: { p_community_id: string; p_limit?: number; p_search?: string }
        Returns: {
          email: string
          is_admin: boolean
          name: string
          user_id: string
        }[]
      }
      online_payment_available: {
        Args: { p_community_id: string }
        Returns: boolean
      }
      operator_user_id: { Args: { p_email: string }; Returns: string }
      overview_figures: { Args: { p_community_id: string }; Returns: Json }
      payer_balance: { Args: { p_account_id: string }; Returns: number }
      payment_provider_secrets: {
        Args: { p_community_id: string }
        Returns: Json
      }
      payment_provider_status: {
        Args: { p_community_id: string }
        Returns: Json
      }
      preview_booking_series: {
        Args: {
          p_ends: string
          p_first_day: string
          p_last_day: string
          p_member_id: string
          p_product_id: string
          p_share_contact?: boolean
          p_skip_holidays?: boolean
          p_starts: string
          p_weekday: number
        }
        Returns: {
          ends_at: string
          message: string
          on_date: string
          outcome: string
          starts_at: string
        }[]
      }
      preview_group_charges: {
        Args: {
          p_charging_starts_on: string
          p_count?: number
          p_frequency: Database["public"]["Enums"]["payment_frequency"]
          p_join_date: string
          p_mid_period_join: string
          p_price_ore: number
        }
        Returns: {
          amount_ore: number
          label: string
          period_end: string
          period_start: string
          reason: string
        }[]
      }
      preview_group_fee_totals: {
        Args: { p_community_id: string; p_day?: string }
        Returns: {
          amount_ore: number
          charges: number
          members: number
          waiting_credit_ore: number
        }[]
      }
      preview_group_fees: {
        Args: { p_community_id: string; p_day?: string; p_group_id?: string }
        Returns: {
          amount_ore: number
          currency: string
          description: string
          group_id: string
          group_member_id: string
          group_title: string
          member_id: string
          member_name: string
          period_start: string
          reason: string
        }[]
      }
      publish_due_releases: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      queue_member_import: {
        Args: { p_job_id: string }
        Returns: {
          community_id: string
          created: number
          created_at: string
          failed: number
          file_name: string
          finished_at: string | null
          id: string
          manager: boolean
          merged: number
          requested_by: string | null
          skipped: number
          started_at: string | null
          status: string
          total: number
        }
        SetofOptions: {
          from: "*"
          to: "member_import_jobs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_payment_event: {
        Args: { p_community_id: string; p_event: Json }
        Returns: Json
      }
      record_payment_exception: {
        Args: { p_detail: string; p_kind: string; p_payment_id: string }
        Returns: undefined
      }
      record_payment_redirect: {
        Args: { p_payment_id: string; p_redirect_url: string }
        Returns: undefined
      }
      recurrence_starts: {
        Args: {
          p_first: string
          p_rule: Database["public"]["Enums"]["repeat_rule"]
          p_time_zone?: string
          p_until: string
        }
        Returns: string[]
      }
      remove_group_member: {
        Args: { p_group_id: string; p_member_id: string }
        Returns: undefined
      }
      report_member_counts: {
        Args: {
          p_club_id?: string
          p_community_id: string
          p_max_age?: number
          p_year: number
        }
        Returns: {
          activity: string
          activity_id: string
          age_band: string
          gender: string
          members: number
        }[]
      }
      report_member_counts_detail: {
        Args: {
          p_club_id?: string
          p_community_id: string
          p_max_age?: number
          p_year: number
        }
        Returns: {
          activity: string
          activity_id: string
          age: number
          age_band: string
          birth_date: string
          counted_from: string
          first_name: string
          gender: string
          last_name: string
          member_id: string
          paid_by: string
        }[]
      }
      report_premises_hours: {
        Args: { p_club_id?: string; p_community_id: string; p_year: number }
        Returns: {
          bookings: number
          hours: number
          over25_hours: number
          product: string
          product_id: string
          under25_hours: number
          unknown_age_hours: number
        }[]
      }
      report_premises_hours_detail: {
        Args: { p_club_id?: string; p_community_id: string; p_year: number }
        Returns: {
          age: number
          age_group: string
          booking_id: string
          day: string
          first_name: string
          hours: number
          last_name: string
          member_id: string
          product: string
          product_id: string
        }[]
      }
      request_group_membership: {
        Args: { p_group_id: string; p_message?: string }
        Returns: string
      }
      request_ticket_refund: { Args: { p_purchase_id: string }; Returns: Json }
      resend_news_mailing_failures: {
        Args: { p_mailing_id: string }
        Returns: {
          body: string | null
          community_id: string
          created_at: string
          failed: number
          finished_at: string | null
          id: string
          post_id: string | null
          requested_by: string | null
          sent: number
          started_at: string | null
          status: Database["public"]["Enums"]["news_mailing_status"]
          subject: string | null
          total: number
        }
        SetofOptions: {
          from: "*"
          to: "news_mailings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      resolve_redirect: { Args: { path: string }; Returns: string }
      retention_preview: {
        Args: { p_community_id: string; p_retention_months?: number }
        Returns: {
          erase_after: string
          full_name: string
          left_on: string
          member_id: string
          mid: number
        }[]
      }
      reveal_member_cpr: {
        Args: { p_member_id: string; p_reason?: string }
        Returns: string
      }
      run_group_fees: {
        Args: { p_day?: string; p_group_id: string; p_limit?: number }
        Returns: {
          invoice_id: string
          invoice_number: number
          lines: number
          member_id: string
          total_ore: number
        }[]
      }
      save_booking_product: { Args: { p_product: Json }; Returns: string }
      save_event: { Args: { p_event: Json }; Returns: string }
      save_event_series: {
        Args: { p_event: Json; p_scope?: string }
        Returns: string
      }
      save_group_price: {
        Args: {
          p_charging_starts_on?: string
          p_frequency: Database["public"]["Enums"]["payment_frequency"]
          p_group_id: string
          p_mid_period_join?: string
          p_price: number
        }
        Returns: undefined
      }
      save_payment_provider: {
        Args: { p_community_id: string; p_settings: Json }
        Returns: undefined
      }
      search_audit_log: {
        Args: {
          p_ascending?: boolean
          p_community_id: string
          p_from?: string
          p_kind?: string
          p_limit?: number
          p_offset?: number
          p_query: string
          p_to?: string
        }
        Returns: Json
      }
      search_kb_articles: {
        Args: { p_community_id: string; p_limit?: number; p_query: string }
        Returns: {
          category_id: string
          id: string
          slug: string
          status: Database["public"]["Enums"]["kb_article_status"]
          summary: string
          title: string
          title_match: boolean
          visibility: Database["public"]["Enums"]["kb_visibility"]
        }[]
      }
      send_member_mail: {
        Args: {
          p_body: string
          p_community_id: string
          p_member_ids: string[]
          p_subject: string
        }
        Returns: {
          body: string | null
          community_id: string
          created_at: string
          failed: number
          finished_at: string | null
          id: string
          post_id: string | null
          requested_by: string | null
          sent: number
          started_at: string | null
          status: Database["public"]["Enums"]["news_mailing_status"]
          subject: string | null
          total: number
        }
        SetofOptions: {
          from: "*"
          to: "news_mailings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      send_news_post: {
        Args: { p_post_id: string }
        Returns: {
          body: string | null
          community_id: string
          created_at: string
          failed: number
          finished_at: string | null
          id: string
          post_id: string | null
          requested_by: string | null
          sent: number
          started_at: string | null
          status: Database["public"]["Enums"]["news_mailing_status"]
          subject: string | null
          total: number
        }
        SetofOptions: {
          from: "*"
          to: "news_mailings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_administrator_access: {
        Args: {
          p_areas: Database["public"]["Enums"]["admin_area"][]
          p_community_id: string
          p_membership_manager?: boolean
          p_owner?: boolean
          p_user_id: string
        }
        Returns: {
          areas: Database["public"]["Enums"]["admin_area"][]
          community_id: string
          created_at: string
          id: string
          membership_manager: boolean
          role: Database["public"]["Enums"]["membership_role"]
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "memberships"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_member_admin_access: {
        Args: {
          p_areas: Database["public"]["Enums"]["admin_area"][]
          p_member_id: string
          p_membership_manager?: boolean
        }
        Returns: Json
      }
      set_member_cpr: {
        Args: { p_cpr: string; p_legal_basis?: string; p_member_id: string }
        Returns: string
      }
      set_member_tag: {
        Args: { p_member_ids: string[]; p_on?: boolean; p_tag_id: string }
        Returns: number
      }
      set_news_comment_hidden: {
        Args: { p_comment_id: string; p_hidden: boolean }
        Returns: {
          author_id: string | null
          author_name: string
          body: string
          community_id: string
          created_at: string
          hidden_at: string | null
          hidden_by: string | null
          id: string
          member_id: string | null
          post_id: string
        }
        SetofOptions: {
          from: "*"
          to: "news_comments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      setup_token_valid: { Args: { p_token: string }; Returns: boolean }
      sign_up_volunteer: {
        Args: { p_job_id: string; p_timeslot_id?: string }
        Returns: string
      }
      start_checkout: {
        Args: {
          p_community_id: string
          p_idempotency_key: string
          p_items: Json
        }
        Returns: Json
      }
      start_member_import: {
        Args: { p_community_id: string; p_file_name: string; p_total: number }
        Returns: {
          community_id: string
          created: number
          created_at: string
          failed: number
          file_name: string
          finished_at: string | null
          id: string
          manager: boolean
          merged: number
          requested_by: string | null
          skipped: number
          started_at: string | null
          status: string
          total: number
        }
        SetofOptions: {
          from: "*"
          to: "member_import_jobs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      sync_door_scans: {
        Args: { p_community_id: string; p_event_id: string; p_scans: Json }
        Returns: Json
      }
      undo_admission: {
        Args: { p_community_id: string; p_purchase_id: string }
        Returns: undefined
      }
      volunteer_credit_hours: {
        Args: { p_member_id: string; p_rule_id: string }
        Returns: {
          checked_in_at: string
          checked_out_at: string
          event_title: string
          hours: number
          job_title: string
          signup_id: string
        }[]
      }
      volunteer_credit_standing: {
        Args: { p_rule_id: string }
        Returns: {
          applied_ore: number
          credit_id: string
          full_name: string
          hours: number
          invoice_id: string
          member_id: string
          qualifies: boolean
        }[]
      }
      volunteer_shifts: {
        Args: { p_community_id: string; p_event_id?: string }
        Returns: {
          compensation: string
          ends_at: string
          event_id: string
          event_location: string
          event_starts_at: string
          event_title: string
          job_description: string
          job_id: string
          job_title: string
          may_cancel: boolean
          my_checked_in_at: string
          my_signup_id: string
          refusal: string
          relevant_roles: string[]
          requires_child_certificate: boolean
          slots: number
          starts_at: string
          taken: number
          timeslot_id: string
        }[]
      }
    }
    Enums: {
      admin_area:
        | "analytics"
        | "billing"
        | "booking"
        | "event"
        | "group"
        | "knowledge_base"
        | "member"
        | "news"
      billing_interval: "one_time" | "monthly" | "quarterly" | "annually"
      booking_availability: "weekly" | "specific_days" | "timeslot"
      booking_price_mode: "none" | "hourly" | "individual"
      booking_status: "booked" | "checked_in" | "cancelled"
      event_kind: "internal" | "external"
      event_status: "draft" | "scheduled" | "published" | "cancelled"
      event_visibility: "public" | "members" | "invite_only" | "hidden"
      gender: "female" | "male" | "other"
      group_visibility: "public" | "members" | "invite_only"
      invoice_status: "draft" | "issued" | "paid" | "void" | "credited"
      kb_article_status: "draft" | "published" | "archived"
      kb_visibility: "public" | "members" | "admins"
      member_status: "active" | "passive" | "left"
      membership_role: "member" | "admin" | "owner"
      news_mailing_status: "queued" | "sending" | "done"
      news_visibility: "public" | "members" | "hidden"
      order_status:
        | "awaiting_payment"
        | "sent_to_customer"
        | "activated"
        | "ordered"
      payment_frequency: "one_time" | "monthly" | "quarterly" | "annually"
      payment_method:
        | "mobilepay"
        | "betalingsservice"
        | "card"
        | "bank_transfer"
        | "cash"
        | "account_credit"
      repeat_rule:
        | "never"
        | "weekly"
        | "biweekly"
        | "monthly"
        | "yearly"
        | "first_weekday"
        | "last_weekday"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      admin_area: [
        "analytics",
        "billing",
        "booking",
        "event",
        "group",
        "knowledge_base",
        "member",
        "news",
      ],
      billing_interval: ["one_time", "monthly", "quarterly", "annually"],
      booking_availability: ["weekly", "specific_days", "timeslot"],
      booking_price_mode: ["none", "hourly", "individual"],
      booking_status: ["booked", "checked_in", "cancelled"],
      event_kind: ["internal", "external"],
      event_status: ["draft", "scheduled", "published", "cancelled"],
      event_visibility: ["public", "members", "invite_only", "hidden"],
      gender: ["female", "male", "other"],
      group_visibility: ["public", "members", "invite_only"],
      invoice_status: ["draft", "issued", "paid", "void", "credited"],
      kb_article_status: ["draft", "published", "archived"],
      kb_visibility: ["public", "members", "admins"],
      member_status: ["active", "passive", "left"],
      membership_role: ["member", "admin", "owner"],
      news_mailing_status: ["queued", "sending", "done"],
      news_visibility: ["public", "members", "hidden"],
      order_status: [
        "awaiting_payment",
        "sent_to_customer",
        "activated",
        "ordered",
      ],
      payment_frequency: ["one_time", "monthly", "quarterly", "annually"],
      payment_method: [
        "mobilepay",
        "betalingsservice",
        "card",
        "bank_transfer",
        "cash",
        "account_credit",
      ],
      repeat_rule: [
        "never",
        "weekly",
        "biweekly",
        "monthly",
        "yearly",
        "first_weekday",
        "last_weekday",
      ],
    },
  },
} as const
